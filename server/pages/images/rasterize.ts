import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';

/**
 * Noto Sans (SIL Open Font License 1.1, fonts/OFL.txt), shipped with the server: text in the drawn
 * images never depends on the fonts of the machine. `npm run build` copies fonts/ beside the built code.
 */
const FONT_FILES = ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'].map((name) =>
  fileURLToPath(new URL(`fonts/${name}`, import.meta.url)),
);
export const FONT_FAMILY = 'Noto Sans';
/** The same files, for text set elsewhere (the capability statement's PDF). */
export const NOTO_SANS = { regular: FONT_FILES[0]!, bold: FONT_FILES[1]! };

function pixelsOf(svg: string, width: number) {
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  }).render();
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } });
}

/** An SVG drawn `width` pixels wide, as PNG. */
export function svgToPng(svg: string, width: number): Promise<Buffer> {
  return pixelsOf(svg, width).png({ compressionLevel: 9 }).toBuffer();
}

/** An SVG drawn `width` pixels wide, as a JPEG on `background` (no transparency). */
export function svgToJpeg(svg: string, width: number, background: string, quality = 85): Promise<Buffer> {
  return pixelsOf(svg, width).flatten({ background }).jpeg({ quality, mozjpeg: true }).toBuffer();
}
