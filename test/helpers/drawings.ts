import { createHash } from 'node:crypto';
import type { DrawingType } from '../../shared/enquiry/quote.js';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { formTokenFor } from './form-token.js';
import { fetchOn } from './server.js';

const iges = (text: string, section: string, n: number) => `${text.padEnd(72)}${section}${String(n).padStart(7)}\n`;

/** A small file of each accepted format, with the structure the server checks (and a realistic name). */
export const SAMPLE_DRAWINGS: Record<DrawingType, { name: string; bytes: Buffer }> = {
  pdf: {
    name: 'Flange drawing – Größe DN50.pdf',
    bytes: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  },
  png: {
    name: 'sketch.png',
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  },
  jpeg: {
    name: 'photo.JPG',
    bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7), Buffer.from([0xff, 0xd9])]),
  },
  dwg: { name: 'shaft.dwg', bytes: Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(300)]) },
  dxf: {
    name: 'gear.dxf',
    bytes: Buffer.from('  0\nSECTION\n  2\nHEADER\n  9\n$ACADVER\n  1\nAC1027\n  0\nENDSEC\n  0\nEOF\n'),
  },
  step: {
    name: 'valve body.step',
    bytes: Buffer.from(
      "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('valve'),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n",
    ),
  },
  iges: {
    name: 'bracket.igs',
    bytes: Buffer.from(iges('Bracket drawing', 'S', 1) + iges('1H,,1H;', 'G', 1) + iges('', 'T', 1)),
  },
};

export function sha256(bytes: Buffer | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface Upload {
  name: string;
  bytes: Buffer;
}

/** The enquiry form as a browser sends it: multipart/form-data, drawings under the name "drawings". */
export function quoteForm(fields: Record<string, string>, drawings: Upload[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const drawing of drawings) form.append('drawings', new Blob([new Uint8Array(drawing.bytes)]), drawing.name);
  return form;
}

/** Posts the form to /contact (as a browser without JavaScript, or asking for JSON as the enhanced form does). */
export function postQuote(baseUrl: string, form: FormData, json = false, path = '/contact') {
  const token = form.has(FORM_TOKEN_FIELD) ? undefined : formTokenFor(baseUrl);
  if (token) form.append(FORM_TOKEN_FIELD, token);
  return fetchOn(`${baseUrl}${path}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: json ? { accept: 'application/json' } : {},
  });
}
