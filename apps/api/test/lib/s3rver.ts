import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

// s3rver ships no types: the little of it used here.
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
  /** false: the bucket is always in the path, whatever host name the portal reaches it by */
  vhostBuckets: boolean;
};
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverServer;

/** s3rver's one account. */
export const S3RVER_KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the portal at the bucket: STORAGE_URL and the credentials. */
  env: Record<string, string>;
  /** Reads the bucket directly (not through the portal's storage code). */
  keys(): Promise<string[]>;
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer | string): Promise<void>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/** An S3 server in this process on a random port, its bucket made, its files in a temporary folder. */
export async function startFakeS3(bucket = 'erp-files'): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    vhostBuckets: false,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    bucket,
    env: { STORAGE_URL: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`, ...S3RVER_KEYS },
    async keys() {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (e) {
        if ((e as Error).name === 'NoSuchKey') return null;
        throw e;
      }
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from(data) }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
