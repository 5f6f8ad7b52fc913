// fontkit (pdfkit's own font reader) ships no types: the one call this folder makes of it.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(path: string): Font;
}
