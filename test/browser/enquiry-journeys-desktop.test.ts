import { journeysAt } from '../helpers/enquiry-journeys.js';

// The buyers' journeys to the enquiry form at 1280 px (see test/helpers/enquiry-journeys.ts).
await journeysAt(1280);
