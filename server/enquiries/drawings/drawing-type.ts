import { DRAWING_TYPES, type DrawingType } from '../../../shared/enquiry/quote.js';

/** The format a file name claims, from its extension; null when it is not an accepted drawing format. */
export function typeFromName(name: string): DrawingType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (!extension) return null;
  for (const [type, { extensions }] of Object.entries(DRAWING_TYPES)) {
    if ((extensions as readonly string[]).includes(extension)) return type as DrawingType;
  }
  return null;
}

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, n) => head[n] === byte);

/**
 * The format of a file from its first bytes: the magic numbers of PDF, PNG, JPEG and DWG, the
 * ISO 10303-21 header of STEP, the group-code structure of DXF (text or binary) and the fixed
 * 80-column start section of IGES. Null when it is none of them.
 */
export function typeFromContent(head: Buffer): DrawingType | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (/^AC10[1-3]\d/.test(head.subarray(0, 6).toString('latin1'))) return 'dwg';
  const text = head.toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  if (/^\s*ISO-10303-21;/.test(text)) return 'step';
  if (text.startsWith('AutoCAD Binary DXF\r\n\x1a\0')) return 'dxf';
  // DXF: pairs of lines, a group code then a value; a file starts with "0 / SECTION" (or a 999 comment).
  if (
    /^\s*(999\r?\n[^\r\n]*\r?\n\s*)?0\r?\nSECTION\r?\n\s*2\r?\n(HEADER|CLASSES|TABLES|BLOCKS|ENTITIES|OBJECTS)\r?\n/.test(
      text,
    )
  )
    return 'dxf';
  // IGES: 80-column records; the first is a Start record (S in column 73, sequence number 1).
  if (/^[^\r\n]{72}S[ 0]{6}1\r?\n/.test(text)) return 'iges';
  return null;
}
