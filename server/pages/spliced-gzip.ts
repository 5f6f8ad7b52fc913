import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A page that is the same for everyone except a few short values (the contact form's token and where
 * the visitor came from), answered gzip-compressed without compressing it again for every request.
 *
 * The page is split at each occurrence of a slot. Each part is compressed once, on its own, as raw
 * deflate ending on a byte boundary (a sync flush; the last part ends the stream). For an answer, the
 * parts are joined with the value between them in deflate *stored* blocks (RFC 1951 §3.2.4: a
 * one-byte header, the length, its complement, then the bytes as they are), inside one gzip member
 * (RFC 1952) whose CRC-32 is computed over the page as sent. A part's back-references reach only into
 * itself, so the joined stream decodes to exactly the page with the value in each slot. The cost of an
 * answer is copying the parts and one CRC-32: no compression.
 */
export interface SplicedGzip {
  /**
   * The whole gzip body with each value in every occurrence of its slot (the first value in the first
   * slot given to spliceGzip, and so on). Values must be printable ASCII (a token is).
   */
  with(...values: string[]): Buffer;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const MAX_STORED_BLOCK = 0xffff;

export function spliceGzip(page: string, slots: string | readonly string[]): SplicedGzip {
  const names = typeof slots === 'string' ? [slots] : slots;
  const texts: string[] = [];
  /** Which slot ends each part but the last. */
  const between: number[] = [];
  let start = 0;
  const pattern = new RegExp(names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  for (const match of page.matchAll(pattern)) {
    texts.push(page.slice(start, match.index));
    between.push(names.indexOf(match[0]));
    start = match.index + match[0].length;
  }
  texts.push(page.slice(start));
  const parts = texts.map((text) => Buffer.from(text, 'utf8'));
  const compressed = parts.map((part, index) =>
    deflateRawSync(part, {
      level: 9,
      finishFlush: index === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }),
  );
  const pageBytes = parts.reduce((sum, part) => sum + part.length, 0);
  const firstCrc = crc32(parts[0]!);

  return {
    with(...values) {
      const bytes = names.map((_, n) => {
        const value = values[n] ?? '';
        if (value.length > MAX_STORED_BLOCK || !/^[\x20-\x7e]*$/.test(value)) {
          throw new Error('a spliced value is printable ASCII of at most 65,535 bytes');
        }
        return Buffer.from(value, 'latin1');
      });
      const stored = bytes.map(storedBlock);
      const pieces: Buffer[] = [GZIP_HEADER, compressed[0]!];
      let crc = firstCrc;
      let length = pageBytes;
      for (let index = 1; index < parts.length; index++) {
        const slot = between[index - 1]!;
        pieces.push(stored[slot]!, compressed[index]!);
        crc = crc32(parts[index]!, crc32(bytes[slot]!, crc));
        length += bytes[slot]!.length;
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length >>> 0, 4);
      pieces.push(trailer);
      return Buffer.concat(pieces);
    },
  };
}

/** A non-final stored deflate block holding `bytes` (the stream is byte-aligned before it). */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0); // BFINAL 0, BTYPE 00 (stored), then padding to the byte boundary
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}
