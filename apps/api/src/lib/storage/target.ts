/** What STORAGE_URL (and the standard AWS_* variables) say about where files live. */
export interface S3Target {
  kind: 's3';
  bucket: string;
  /** keys are stored under this folder of the bucket: '' or 'erp/' */
  prefix: string;
  /** an S3-compatible server (MinIO, Ceph, s3rver…); unset: AWS itself */
  endpoint?: string;
  region: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name */
  forcePathStyle: boolean;
  /** from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset: the SDK's other sources (profile, instance role) */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export type StorageTarget = { kind: 'local' } | S3Target;

/** A bad setting: `variable` is the setting to name in the message. */
export class StorageSettingError extends Error {
  constructor(
    readonly variable: string,
    why: string,
  ) {
    super(why);
  }
}

const SHAPE =
  'must be s3://bucket[/folder]?endpoint=http://host:9000&region=us-east-1&forcePathStyle=true (endpoint, region and forcePathStyle optional); unset, files stay in UPLOAD_DIR';
const SETTINGS = ['endpoint', 'region', 'forcePathStyle'];
// S3's rules for a bucket name: 3-63 lowercase letters, digits, dots and hyphens, a letter or digit at each end.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads STORAGE_URL and the AWS_* variables from `env` (process.env at start-up). Unset or empty:
 * the local UPLOAD_DIR. Credentials never go in the URL, which ends up in logs and `ps`.
 */
export function storageTarget(env: NodeJS.ProcessEnv): StorageTarget {
  const raw = env.STORAGE_URL?.trim();
  if (!raw) return { kind: 'local' };
  const bad = (why: string) => new StorageSettingError('STORAGE_URL', why);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad(SHAPE);
  }
  if (url.protocol !== 's3:') throw bad(`${SHAPE} (not ${url.protocol}//)`);
  if (url.username || url.password) {
    throw bad('put the access key in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL');
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw bad(`"${bucket}" is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)`);
  const folders = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  if (folders.some((f) => f === '.' || f === '..' || f.includes('\\')))
    throw bad('the folder after the bucket must be plain names (no . or ..)');
  const params = url.searchParams;
  for (const key of params.keys()) {
    if (!SETTINGS.includes(key)) throw bad(`unknown setting "${key}" (known: ${SETTINGS.join(', ')})`);
  }
  const endpoint = params.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !isHttpUrl(endpoint))
    throw bad('endpoint must be an http:// or https:// address, e.g. http://127.0.0.1:9000');
  const pathStyle = params.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') throw bad('forcePathStyle must be true or false');
  const region = params.get('region') || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  return {
    kind: 's3',
    bucket,
    prefix: folders.length ? `${folders.join('/')}/` : '',
    endpoint,
    region,
    // MinIO and most S3-compatible servers want the bucket in the path; AWS wants it in the host.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials: credentialsOf(env),
  };
}

function isHttpUrl(text: string) {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

function credentialsOf(env: NodeJS.ProcessEnv): S3Target['credentials'] {
  const accessKeyId = env.AWS_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey) {
    throw new StorageSettingError(
      accessKeyId ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID',
      'set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (then the SDK looks for a profile or an instance role)',
    );
  }
  return { accessKeyId, secretAccessKey, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) };
}

/** For messages and logs: never the credentials. */
export const describeTarget = (t: S3Target) => `s3://${t.bucket}/${t.prefix}${t.endpoint ? ` at ${t.endpoint}` : ''}`;
