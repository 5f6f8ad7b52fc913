interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An SVG document (one of the site's own drawings) placed in a box of another SVG, scaled to fit. */
export function nestedSvg(source: string, box: Box): string {
  const root = /^<svg\b([^>]*)>([\s\S]*)<\/svg>$/.exec(source.trim());
  const viewBox = root && /\bviewBox="([^"]+)"/.exec(root[1]!)?.[1];
  if (!root || !viewBox) throw new Error('not an SVG document with a viewBox');
  return `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" viewBox="${viewBox}">${root[2]}</svg>`;
}
