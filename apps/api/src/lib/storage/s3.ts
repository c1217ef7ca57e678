import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { s3Sdk } from '../libraries.js';
import { filesUnder } from './local.js';
import { checkKey, isKey, type FileStorage } from './storage.js';
import { describeTarget, type S3Target } from './target.js';

type Sdk = Awaited<ReturnType<typeof s3Sdk>>;

const NOT_THERE = new Set(['NoSuchKey', 'NotFound']);
const notThere = (e: unknown) => NOT_THERE.has((e as { name?: string }).name ?? '');

/** Files in an S3-compatible bucket, under the target's folder; the SDK is loaded on first use. */
export class S3Storage implements FileStorage {
  #client: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(readonly target: S3Target) {}

  get where() {
    return describeTarget(this.target);
  }

  /** The SDK and one client, made on first use. */
  #s3() {
    return (this.#client ??= s3Sdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.target.region,
        endpoint: this.target.endpoint,
        forcePathStyle: this.target.forcePathStyle,
        credentials: this.target.credentials,
        // Checksums only where S3 demands them: S3-compatible servers (older MinIO, Ceph, s3rver)
        // refuse or mangle the newer default ones; SigV4 still signs each body's SHA-256.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  }

  #key(key: string) {
    return this.target.prefix + checkKey(key);
  }

  async put(key: string, data: Buffer | Readable) {
    // A body of unknown length would need a multipart upload: files here are bounded (MAX_UPLOAD_MB,
    // PDFs made in memory), so a stream is read whole first.
    const body = Buffer.isBuffer(data) ? data : Buffer.concat(await data.toArray());
    const { sdk, client } = await this.#s3();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.target.bucket, Key: this.#key(key), Body: body, ContentLength: body.length }),
    );
  }

  async get(key: string) {
    const stream = await this.open(key);
    return stream ? Buffer.concat(await stream.toArray()) : null;
  }

  async open(key: string) {
    const { sdk, client } = await this.#s3();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.target.bucket, Key: this.#key(key) }));
      // In Node the body is the response itself, an http.IncomingMessage.
      if (!(out.Body instanceof Readable)) throw new Error(`${this.where}: no readable body for ${key}`);
      return out.Body;
    } catch (e) {
      if (notThere(e)) return null;
      throw e;
    }
  }

  async exists(key: string) {
    const { sdk, client } = await this.#s3();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.target.bucket, Key: this.#key(key) }));
      return true;
    } catch (e) {
      if (notThere(e)) return false;
      throw e;
    }
  }

  async delete(key: string) {
    const { sdk, client } = await this.#s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.target.bucket, Key: this.#key(key) }));
  }

  async move(from: string, to: string) {
    const source = `${this.target.bucket}/${this.#key(from)}`.split('/').map(encodeURIComponent).join('/');
    const { sdk, client } = await this.#s3();
    await client.send(new sdk.CopyObjectCommand({ Bucket: this.target.bucket, Key: this.#key(to), CopySource: source }));
    await this.delete(from);
  }

  /** The keys under the target's folder; one no local path could hold (`..`, a folder marker) is left out. */
  async *list(): AsyncIterable<string> {
    const { sdk, client } = await this.#s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.target.bucket,
          Prefix: this.target.prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) {
        const key = o.Key?.slice(this.target.prefix.length);
        if (key && isKey(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Puts every file back, then removes the objects the backup did not hold. */
  async replaceAllFrom(dir: string) {
    const keep = new Set<string>();
    for await (const key of filesUnder(dir)) {
      await this.put(key, await fs.promises.readFile(path.join(dir, key)));
      keep.add(key);
    }
    const extra: string[] = [];
    for await (const key of this.list()) if (!keep.has(key)) extra.push(key);
    for (const key of extra) await this.delete(key);
  }
}
