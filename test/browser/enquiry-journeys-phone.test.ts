import { journeysAt } from '../helpers/enquiry-journeys.js';

// The buyers' journeys to the enquiry form at 375 px (see test/helpers/enquiry-journeys.ts).
await journeysAt(375);
