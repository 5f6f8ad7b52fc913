import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError, nonEmpty, type Env } from '../config/env.js';

/** Where the off-site copies go (BACKUP_TARGET), with what reaching it takes. */
export type BackupTarget =
  | { kind: 'path'; path: string }
  | { kind: 'sftp'; user: string; host: string; port: number; path: string; keyFile: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      prefix: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** BACKUP_S3_CA_FILE: the certificate authority of a storage with its own (a self-hosted one), in PEM. */
      caFile: string | undefined;
    };

/** BACKUP_TARGET's setting: none, a target, or why the one given cannot be used (the site serves all the same). */
export type BackupSetting = { target: BackupTarget; keyFile: string | undefined } | { problem: string } | undefined;

const EXAMPLE =
  'BACKUP_TARGET=sftp://backup@backup.example.com/srv/forge (or /mnt/second-disk/forge, or s3://bucket/forge)';

/** Reads BACKUP_TARGET and the variables its kind needs; a mistake is kept as one line, not thrown. */
export function loadBackupSetting(env: Env): BackupSetting {
  const value = nonEmpty(env, 'BACKUP_TARGET');
  if (value === undefined) return undefined;
  try {
    return { target: parseBackupTarget(value, env), keyFile: nonEmpty(env, 'BACKUP_KEY_FILE') };
  } catch (error) {
    if (error instanceof ConfigError) return { problem: `${error.message}: no off-site copies are made` };
    throw error;
  }
}

export function parseBackupTarget(value: string, env: Env): BackupTarget {
  if (value.startsWith('/')) return { kind: 'path', path: resolve(value) };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('BACKUP_TARGET', `must be a path or a URL, e.g. ${EXAMPLE}`);
  }
  if (url.protocol === 'file:') return { kind: 'path', path: resolve(decodeURIComponent(url.pathname)) };
  if (url.protocol === 'sftp:') return sftpTarget(url, env);
  if (url.protocol === 's3:') return s3Target(url, env);
  throw new ConfigError('BACKUP_TARGET', `must start with /, file://, sftp:// or s3://, e.g. ${EXAMPLE}`);
}

function sftpTarget(url: URL, env: Env): BackupTarget {
  if (!url.username || !url.hostname || url.pathname.length < 2)
    throw new ConfigError('BACKUP_TARGET', `must name the user, host and folder, e.g. ${EXAMPLE}`);
  if (url.password)
    throw new ConfigError('BACKUP_TARGET', 'must not hold a password: name a key file in BACKUP_SSH_KEY_FILE');
  const keyFile = nonEmpty(env, 'BACKUP_SSH_KEY_FILE');
  if (!keyFile || !isAbsolute(keyFile))
    throw new ConfigError(
      'BACKUP_SSH_KEY_FILE',
      'must name the SSH private key (an absolute path) for an sftp:// BACKUP_TARGET, e.g. BACKUP_SSH_KEY_FILE=/app/secrets/backup_ed25519',
    );
  return {
    kind: 'sftp',
    user: decodeURIComponent(url.username),
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 22,
    path: decodeURIComponent(url.pathname),
    keyFile,
  };
}

function s3Target(url: URL, env: Env): BackupTarget {
  if (url.username || url.password)
    throw new ConfigError(
      'BACKUP_TARGET',
      'must not hold keys: set BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY',
    );
  const endpoint = nonEmpty(env, 'BACKUP_S3_ENDPOINT');
  if (!endpoint || !/^https?:\/\/[^/]+$/.test(endpoint))
    throw new ConfigError(
      'BACKUP_S3_ENDPOINT',
      "must be the storage's address for an s3:// BACKUP_TARGET, e.g. BACKUP_S3_ENDPOINT=https://s3.eu-central-1.amazonaws.com",
    );
  const caFile = nonEmpty(env, 'BACKUP_S3_CA_FILE');
  if (caFile !== undefined && !isAbsolute(caFile))
    throw new ConfigError(
      'BACKUP_S3_CA_FILE',
      'must be an absolute path, e.g. BACKUP_S3_CA_FILE=/app/secrets/s3-ca.pem',
    );
  const keys = s3Keys(env);
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  return { kind: 's3', endpoint, bucket: url.hostname, prefix, ...keys, caFile };
}

/** From BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, or BACKUP_S3_KEYS_FILE ("id:secret" on one line). */
function s3Keys(env: Env): { accessKeyId: string; secretAccessKey: string } {
  const file = nonEmpty(env, 'BACKUP_S3_KEYS_FILE');
  const [accessKeyId, secretAccessKey] = file
    ? readKeysFile(file)
    : [nonEmpty(env, 'BACKUP_S3_ACCESS_KEY_ID'), nonEmpty(env, 'BACKUP_S3_SECRET_ACCESS_KEY')];
  if (!accessKeyId || !secretAccessKey)
    throw new ConfigError(
      'BACKUP_S3_ACCESS_KEY_ID',
      'and BACKUP_S3_SECRET_ACCESS_KEY (or BACKUP_S3_KEYS_FILE, "id:secret" on one line) must be set for an s3:// BACKUP_TARGET',
    );
  return { accessKeyId, secretAccessKey };
}

function readKeysFile(file: string): [string | undefined, string | undefined] {
  try {
    const line = readFileSync(file, 'utf8').trim();
    const colon = line.indexOf(':');
    return colon > 0 ? [line.slice(0, colon), line.slice(colon + 1)] : [undefined, undefined];
  } catch (error) {
    throw new ConfigError(
      'BACKUP_S3_KEYS_FILE',
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** The target as the admin and the log may show it: no key, no secret. */
export function describeTarget(target: BackupTarget): string {
  if (target.kind === 'path') return target.path;
  if (target.kind === 'sftp')
    return `sftp://${target.user}@${target.host}${target.port === 22 ? '' : `:${target.port}`}${target.path}`;
  return `s3://${target.bucket}/${target.prefix} at ${target.endpoint}`;
}
