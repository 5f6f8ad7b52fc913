import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's own keys, which it checks requests are signed with. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const S3_BUCKET = 'forge';

/**
 * s3rver 3.7.1 lists with a delimiter without the common prefixes more than one folder deep
 * (generations/<id>/ when the objects are at generations/<id>/wal/…), so Litestream found no copy.
 * Listed without the delimiter, and the keys below it folded into their common prefixes, as S3 does.
 */
function foldCommonPrefixes(store: S3rver['store']): void {
  const list = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    const { delimiter, prefix = '' } = options;
    if (!delimiter) return list(bucket, options);
    const all = await list(bucket, { ...options, delimiter: '' });
    const below = (key: string) => key.indexOf(delimiter, prefix.length);
    const commonPrefixes = new Set(
      all.objects.filter(({ key }) => below(key) !== -1).map(({ key }) => key.slice(0, below(key) + 1)),
    );
    return {
      objects: all.objects.filter(({ key }) => below(key) === -1),
      commonPrefixes: [...commonPrefixes, ...all.commonPrefixes].sort(),
      isTruncated: all.isTruncated,
    };
  };
}

/**
 * A real S3-compatible server from npm (s3rver), storing on disk, over HTTPS on a loopback port with a
 * certificate made for the test (restic signs plain-HTTP uploads in chunks, which s3rver does not
 * read; over HTTPS it signs them whole, as with a real store). Its `env` is what BACKUP_TARGET needs.
 */
export async function startS3() {
  const dir = mkdtempSync(join(tmpdir(), 'forge-s3-'));
  const caFile = join(dir, 'cert.pem');
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', join(dir, 'key.pem'), '-out', caFile,
  ]); // prettier-ignore
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 'store'),
    key: readFileSync(join(dir, 'key.pem')),
    cert: readFileSync(caFile),
    configureBuckets: [{ name: S3_BUCKET }],
  });
  foldCommonPrefixes(server.store);
  const { port } = await server.run();
  return {
    store: join(dir, 'store', S3_BUCKET),
    env: {
      BACKUP_S3_ENDPOINT: `https://127.0.0.1:${port}`,
      BACKUP_S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      BACKUP_S3_CA_FILE: caFile,
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
