// s3rver (a test's S3-compatible server) ships no types: what test/helpers/s3.ts uses of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      address: string;
      port: number;
      silent: boolean;
      directory: string;
      key: Buffer;
      cert: Buffer;
      configureBuckets: { name: string }[];
    });
    store: {
      listObjects(
        bucket: string,
        options: { prefix?: string; delimiter?: string },
      ): Promise<{ objects: { key: string }[]; commonPrefixes: string[]; isTruncated: boolean }>;
    };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
