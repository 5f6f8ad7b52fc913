import type { DrawingSources } from '../../shared/drawing-sources.js';
import { bySlug } from './by-slug.js';
import logo from './logo.svg?raw';

/** Exported by entry-server.tsx only: in the SSR bundle, never in the browser's. */
export const drawingSources: DrawingSources = {
  logo,
  categories: bySlug(import.meta.glob<string>('./categories/*.svg', { eager: true, query: '?raw', import: 'default' })),
};
