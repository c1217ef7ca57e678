import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { storageTarget } from './target.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('STORAGE_URL', () => {
  it('unset or empty keeps the files in UPLOAD_DIR', () => {
    expect(storageTarget({})).toEqual({ kind: 'local' });
    expect(storageTarget({ STORAGE_URL: ' ' })).toEqual({ kind: 'local' });
    expect(loadConfig({ NODE_ENV: 'test' }).storage).toEqual({ kind: 'local' });
  });

  it('names a bucket, its folder and an S3-compatible server; credentials come from the AWS_* variables', () => {
    expect(
      storageTarget({
        STORAGE_URL: 's3://erp-files/svec/uploads/?endpoint=http://127.0.0.1:9000&region=ap-south-1',
        AWS_ACCESS_KEY_ID: 'minio',
        AWS_SECRET_ACCESS_KEY: 'minio-secret',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'erp-files',
      prefix: 'svec/uploads/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-south-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    // AWS itself: the bucket in the host name, the region from AWS_REGION, the SDK's own credentials.
    expect(storageTarget({ STORAGE_URL: 's3://college.erp.files', AWS_REGION: 'eu-west-1' })).toEqual({
      kind: 's3',
      bucket: 'college.erp.files',
      prefix: '',
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(storageTarget({ STORAGE_URL: 's3://b12?endpoint=https://s3.example.org&forcePathStyle=false' })).toMatchObject({
      forcePathStyle: false,
      region: 'us-east-1',
    });
  });

  it('refuses a bad value at start-up with a message saying what is wrong', () => {
    expect(refusal({ STORAGE_URL: 'http://127.0.0.1:9000/erp' })).toBe(
      'Invalid configuration:\n  STORAGE_URL: must be s3://bucket[/folder]?endpoint=http://host:9000&region=us-east-1&forcePathStyle=true (endpoint, region and forcePathStyle optional); unset, files stay in UPLOAD_DIR (not http://)',
    );
    expect(refusal({ STORAGE_URL: 'erp-files' })).toMatch(/^Invalid configuration:\n {2}STORAGE_URL: must be s3:\/\/bucket/);
    expect(refusal({ STORAGE_URL: 's3://Erp_Files' })).toBe(
      'Invalid configuration:\n  STORAGE_URL: "Erp_Files" is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
    );
    expect(refusal({ STORAGE_URL: 's3://erp?endpiont=http://x:9000' })).toBe(
      'Invalid configuration:\n  STORAGE_URL: unknown setting "endpiont" (known: endpoint, region, forcePathStyle)',
    );
    expect(refusal({ STORAGE_URL: 's3://erp?endpoint=127.0.0.1:9000' })).toBe(
      'Invalid configuration:\n  STORAGE_URL: endpoint must be an http:// or https:// address, e.g. http://127.0.0.1:9000',
    );
    expect(refusal({ STORAGE_URL: 's3://erp?forcePathStyle=yes' })).toBe(
      'Invalid configuration:\n  STORAGE_URL: forcePathStyle must be true or false',
    );
    expect(refusal({ STORAGE_URL: 's3://erp/a%2F..%2Fb' })).toBe(
      'Invalid configuration:\n  STORAGE_URL: the folder after the bucket must be plain names (no . or ..)',
    );
    // The secret never goes in the URL (logs, `ps`), and is not repeated in the message.
    const secret = refusal({ STORAGE_URL: 's3://AKIA:s3cr3t@erp-files' });
    expect(secret).toBe(
      'Invalid configuration:\n  STORAGE_URL: put the access key in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL',
    );
    expect(refusal({ STORAGE_URL: 's3://erp-files', AWS_ACCESS_KEY_ID: 'minio' })).toBe(
      'Invalid configuration:\n  AWS_SECRET_ACCESS_KEY: set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (then the SDK looks for a profile or an instance role)',
    );
  });

  it('stops the server before it opens the database', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: { ...process.env, STORAGE_URL: 's3://Bad_Bucket', DATABASE_URL: '/nonexistent/dir/never.sqlite' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('STORAGE_URL: "Bad_Bucket" is not a bucket name');
  });
});
