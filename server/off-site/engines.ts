import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import type { BackupTarget } from './backup-target.js';
import type { OffSiteKeys } from './off-site-key.js';

/** What the log, the card and the restore say where an engine is missing: what to install. */
export const LITESTREAM_MISSING = 'Litestream is not installed (npm ci installs it: @flydotio/litestream-linux-x64)';
export const RESTIC_MISSING = 'restic is not installed (Debian: apt-get install restic)';

/** Litestream's binary from the npm package @flydotio/litestream-linux-x64 (shipped inside it); undefined where absent. */
export function litestreamBinary(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve(
      `@flydotio/litestream-${process.platform}-${process.arch}/package.json`,
    );
    return executable(join(dirname(manifest), 'litestream'));
  } catch {
    return undefined;
  }
}

/** restic from the PATH (Debian's package `restic`); undefined where absent. */
export function resticBinary(): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(delimiter))
    if (folder && executable(join(folder, 'restic'))) return join(folder, 'restic');
  return undefined;
}

function executable(path: string): string | undefined {
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
}

/**
 * Litestream's configuration for the database at `databasePath`, as JSON (which YAML reads): one
 * replica under <target>/database, encrypted with age. The keys are not in it: Litestream expands
 * ${…} from the environment that `litestreamEnvironment` gives it.
 */
export function litestreamConfig(target: BackupTarget, databasePath: string): string {
  const age = { identities: ['${FORGE_AGE_IDENTITY}'], recipients: ['${FORGE_AGE_RECIPIENT}'] };
  const common = { 'sync-interval': '1s', age };
  const replica =
    target.kind === 'path'
      ? { type: 'file', path: join(target.path, 'database'), ...common }
      : target.kind === 'sftp'
        ? {
            type: 'sftp',
            host: `${target.host}:${target.port}`,
            user: target.user,
            'key-path': target.keyFile,
            path: join(target.path, 'database'),
            ...common,
          }
        : {
            type: 's3',
            bucket: target.bucket,
            path: join(target.prefix, 'database'),
            endpoint: target.endpoint,
            region: 'us-east-1',
            'force-path-style': true,
            ...common,
          };
  return JSON.stringify({ dbs: [{ path: databasePath, replicas: [replica] }] }, null, 2);
}

export function litestreamEnvironment(target: BackupTarget, keys: OffSiteKeys): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    FORGE_AGE_IDENTITY: keys.ageIdentity,
    FORGE_AGE_RECIPIENT: keys.ageRecipient,
    ...(target.kind === 's3' && {
      LITESTREAM_ACCESS_KEY_ID: target.accessKeyId,
      LITESTREAM_SECRET_ACCESS_KEY: target.secretAccessKey,
      ...(target.caFile && { AWS_CA_BUNDLE: target.caFile }),
    }),
  };
}

/** restic's repository (<target>/files), password and, for SFTP, how to reach it; the secrets in the environment only. */
export function resticInvocation(
  target: BackupTarget,
  keys: OffSiteKeys,
  knownHosts: string,
): { env: NodeJS.ProcessEnv; options: string[] } {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    RESTIC_PASSWORD: keys.resticPassword,
  };
  if (target.kind === 'path') return { env: { ...env, RESTIC_REPOSITORY: join(target.path, 'files') }, options: [] };
  if (target.kind === 's3')
    return {
      env: {
        ...env,
        RESTIC_REPOSITORY: `s3:${target.endpoint}/${join(target.bucket, target.prefix, 'files')}`,
        AWS_ACCESS_KEY_ID: target.accessKeyId,
        AWS_SECRET_ACCESS_KEY: target.secretAccessKey,
      },
      options: target.caFile ? ['--cacert', target.caFile] : [],
    };
  const ssh = [
    'ssh',
    `-i ${target.keyFile}`,
    `-p ${target.port}`,
    '-o BatchMode=yes',
    '-o StrictHostKeyChecking=accept-new',
    `-o UserKnownHostsFile=${knownHosts}`,
    '-o ConnectTimeout=10',
    `${target.user}@${target.host}`,
    '-s sftp',
  ].join(' ');
  return {
    env: { ...env, RESTIC_REPOSITORY: `sftp:${target.user}@${target.host}:${join(target.path, 'files')}` },
    options: ['-o', `sftp.command=${ssh}`],
  };
}

/** Runs a command to its end; rejects with its last line of standard error (never its environment). */
export function run(
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve({ stdout, stderr });
      // One line: the engine's last word (Litestream logs to standard output), never its environment.
      const last = (stderr.trim() || stdout.trim()).split('\n').pop() || `exit code ${String(error.code)}`;
      reject(new Error(`${binary.split('/').pop()} ${args[0]}: ${last}`));
    });
  });
}
