import { createHmac, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_FILE_NAME } from '../platform/security/server-secret.js';

/**
 * The keys the copies are encrypted with before they leave the machine, both made from one secret:
 * BACKUP_KEY_FILE's content when set, else SESSION_SECRET, else the data folder's session-secret
 * file. That secret must be kept apart from the copies: without it they cannot be read.
 */
export interface OffSiteKeys {
  /** restic's repository password. */
  resticPassword: string;
  /** Litestream's age identity (AGE-SECRET-KEY-1…) and the recipient made from it (age1…). */
  ageIdentity: string;
  ageRecipient: string;
}

export function offSiteSecret(dataDir: string, keyFile: string | undefined, sessionSecret: string | undefined): string {
  if (keyFile) return readFileSync(keyFile, 'utf8').trim();
  if (sessionSecret) return sessionSecret;
  return readFileSync(join(dataDir, SECRET_FILE_NAME), 'utf8').trim();
}

export function offSiteKeys(secret: string): OffSiteKeys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`forge off-site copies: ${purpose}`).digest();
  const scalar = derive('age');
  // An X25519 private key in PKCS#8 DER: a fixed prefix, then the 32 bytes.
  const der = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), scalar]);
  const publicJwk = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({
    format: 'jwk',
  });
  return {
    resticPassword: derive('restic').toString('hex'),
    ageIdentity: bech32('age-secret-key-', scalar).toUpperCase(),
    ageRecipient: bech32('age', Buffer.from(publicJwk.x!, 'base64url')),
  };
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** Bech32 (BIP 173), as age writes its keys. */
function bech32(prefix: string, bytes: Buffer): string {
  const words: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const byte of bytes) {
    accumulator = (accumulator << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((accumulator >> bits) & 31);
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31);
  const expanded = [
    ...[...prefix].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...prefix].map((c) => c.charCodeAt(0) & 31),
  ];
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >> (5 * (5 - i))) & 31);
  return `${prefix}1${[...words, ...checksum].map((w) => CHARSET[w]).join('')}`;
}

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >> i) & 1) checksum ^= generators[i]!;
  }
  return checksum;
}
