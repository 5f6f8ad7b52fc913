import type { DrawingSources } from '../../shared/drawing-sources.js';
import agricultureParts from './categories/agriculture-parts.svg?raw';
import autoParts from './categories/auto-parts.svg?raw';
import flanges from './categories/flanges.svg?raw';
import hydraulicJackParts from './categories/hydraulic-jack-parts.svg?raw';
import industrialValve from './categories/industrial-valve.svg?raw';
import pipeFittings from './categories/pipe-fittings.svg?raw';
import transmissionParts from './categories/transmission-parts.svg?raw';
import logo from './logo.svg?raw';

/** Exported by entry-server.tsx only: in the SSR bundle, never in the browser's. */
export const drawingSources: DrawingSources = {
  logo,
  categories: {
    'auto-parts': autoParts,
    flanges,
    'hydraulic-jack-parts': hydraulicJackParts,
    'pipe-fittings': pipeFittings,
    'agriculture-parts': agricultureParts,
    'industrial-valve': industrialValve,
    'transmission-parts': transmissionParts,
  },
};
