// fontkit (pdfkit's own font reader) ships no types: the calls this project makes of it (here, and the
// test of the Arabic pages' font, which compares how the cut font and the whole one shape a word).
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { glyphs: { id: number }[]; positions: { xAdvance: number; xOffset: number }[] };
  }
  export function openSync(path: string): Font;
}
