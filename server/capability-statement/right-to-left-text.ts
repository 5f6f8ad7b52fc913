import { fontRuns, visualRuns, type Run } from './bidi-runs.js';
import { arabicGlyph } from './statement-fonts.js';

export type Font = 'regular' | 'bold';

/** The ascender of the font in use, in points at its size (pdfkit's own figure, not in its types). */
function ascender(doc: PDFKit.PDFDocument): number {
  const font = (doc as unknown as { _font: { ascender: number }; _fontSize: number })._font;
  return (font.ascender / 1000) * (doc as unknown as { _fontSize: number })._fontSize;
}

/**
 * Text set right to left, in Arabic with Latin part numbers among it ("EN 10222-1 P250GH"): lines
 * broken at spaces in reading order, each drawn as runs from left to right (bidi-runs.ts), Arabic
 * runs in Noto Sans Arabic (`arabic-regular`, `arabic-bold`), the rest in Noto Sans, on one baseline.
 * The font size is the one the document is set to.
 */
export function rightToLeftText(doc: PDFKit.PDFDocument) {
  const fontOf = (run: Run, font: Font) => (run.arabic ? `arabic-${font}` : font);
  const widthOf = (runs: Run[], font: Font) =>
    runs.reduce((sum, run) => sum + doc.font(fontOf(run, font)).widthOfString(run.text), 0);

  /** The text's lines at `width`; past `limit` lines, the last shown ends with "…". */
  function lines(text: string, width: number, font: Font, limit = Infinity): string[] {
    const fits = (line: string) => widthOf(fontRuns(line), font) <= width;
    const out: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const longer = line ? `${line} ${word}` : word;
        if (line && !fits(longer)) {
          out.push(line);
          line = word;
        } else line = longer;
      }
      out.push(line);
    }
    if (out.length <= limit) return out;
    let last = out[limit - 1]!;
    while (last !== '' && !fits(`${last}…`)) last = last.slice(0, -1);
    return [...out.slice(0, limit - 1), `${last.trimEnd()}…`];
  }

  /** One line in the box from `x` `width` wide: against its right edge (`start`), or its left (`end`). */
  function drawLine(
    line: string,
    x: number,
    top: number,
    width: number,
    font: Font,
    align: 'start' | 'end',
    link?: string,
  ) {
    const runs = visualRuns(line, arabicGlyph);
    let left = align === 'start' ? x + width - widthOf(runs, font) : x;
    const baseline = top + ascender(doc.font(font));
    for (const run of runs) {
      doc.font(fontOf(run, font));
      doc.text(run.text, left, baseline - ascender(doc), { lineBreak: false, ...(link && { link }) });
      left += doc.widthOfString(run.text);
    }
  }

  return { lines, drawLine };
}
