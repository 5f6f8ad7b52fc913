import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A page that is the same for everyone except one short value (the contact form's token), answered
 * gzip-compressed without compressing it again for every request.
 *
 * The page is split at each occurrence of the slot. Each part is compressed once, on its own, as raw
 * deflate ending on a byte boundary (a sync flush; the last part ends the stream). For an answer, the
 * parts are joined with the value between them in deflate *stored* blocks (RFC 1951 §3.2.4: a
 * one-byte header, the length, its complement, then the bytes as they are), inside one gzip member
 * (RFC 1952) whose CRC-32 is computed over the page as sent. A part's back-references reach only into
 * itself, so the joined stream decodes to exactly the page with the value in each slot. The cost of an
 * answer is copying the parts and one CRC-32: no compression.
 */
export interface SplicedGzip {
  /** The whole gzip body with `value` in every slot. `value` must be ASCII (a token is). */
  with(value: string): Buffer;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const MAX_STORED_BLOCK = 0xffff;

export function spliceGzip(page: string, slot: string): SplicedGzip {
  const parts = page.split(slot).map((text) => Buffer.from(text, 'utf8'));
  const compressed = parts.map((part, index) =>
    deflateRawSync(part, {
      level: 9,
      finishFlush: index === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }),
  );
  const pageBytes = parts.reduce((sum, part) => sum + part.length, 0);
  const firstCrc = crc32(parts[0]!);

  return {
    with(value) {
      const bytes = Buffer.from(value, 'latin1');
      if (bytes.length > MAX_STORED_BLOCK || !/^[\x20-\x7e]*$/.test(value)) {
        throw new Error('a spliced value is printable ASCII of at most 65,535 bytes');
      }
      const stored = storedBlock(bytes);
      const pieces: Buffer[] = [GZIP_HEADER, compressed[0]!];
      let crc = firstCrc;
      for (let index = 1; index < parts.length; index++) {
        pieces.push(stored, compressed[index]!);
        crc = crc32(parts[index]!, crc32(bytes, crc));
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE((pageBytes + bytes.length * (parts.length - 1)) >>> 0, 4);
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
