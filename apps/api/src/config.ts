import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CIPHER_KEY } from '@erp/shared';
import { StorageSettingError, storageTarget, type StorageTarget } from './lib/storage/target.js';

export const DEFAULT_JWT_SECRET = 'dev-only-jwt-secret-change-me';

const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(8080),
  /** unset: every interface for the demo, this machine only (127.0.0.1) for a real college */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().optional(),
  /** off: a plain SQLite connection, without group commit, checkpoint thread, statement cache or read-only connection */
  SQLITE_TUNING: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  /** unset: one made for this install and kept in its data directory (see jwtSecretPolicy) */
  JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  CIPHER_KEY: z
    .string()
    .refine((k) => [16, 24, 32].includes(Buffer.byteLength(k)), 'must be 16, 24 or 32 bytes')
    .default(DEFAULT_CIPHER_KEY),
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  /** s3://bucket?endpoint=…: files in S3-compatible storage instead of UPLOAD_DIR (lib/storage/target.ts) */
  STORAGE_URL: z.string().optional(),
  SEED_DEMO: boolText.optional(),
  COLLEGE_CODE: z.string().min(1).max(20).optional(),
  WEB_DIST: z.string().optional(),
  /** a request (headers and body) must arrive within this many ms, or the connection is cut */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** answer a repeat of the public result lookup before Fastify (docs/decisions/express-lanes.md) */
  RESULTS_EXPRESS_LANE: boolText.default(true),
  SELF_REGISTRATION: boolText.default(true),
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SIGNIN_IP_LIMIT: z.coerce.number().int().min(1).default(30),
  /** self-registrations an hour from one address */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  // Left unset: the demo gateway in development; production must choose (see loadConfig).
  PAYMENT_GATEWAY: z.enum(['demo', 'lyra']).optional(),
  LYRA_SHOP_ID: z.string().optional(),
  LYRA_KEY: z.string().optional(),
  LYRA_MODE: z.enum(['TEST', 'PRODUCTION']).default('TEST'),
  LYRA_PAYMENT_URL: z.string().url().default('https://secure.payzen.co.in/vads-payment/'),
  PUBLIC_URL: z.string().url().optional(),
  EXAMS_URL: z.string().default('/examresults'),
  OBE_URL: z.string().default('/obe/'),
  RESULTS_URL: z.string().default('/examresults'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(100).default(10),
  /** the token the first-run setup asks for; unset, one derived from JWT_SECRET is printed at start */
  SETUP_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  /** smtp://user:pass@host:587 or smtps://...; unset, mail is kept in the outbox for the admin to read */
  SMTP_URL: z.string().url('must be a URL like smtp://user:pass@host:587').optional(),
  MAIL_FROM: z.string().min(3).default('College ERP <no-reply@localhost>'),
  /** off: this process queues jobs but runs none (another replica's worker does) */
  JOB_WORKER: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** a job whose worker stops renewing it (the process died) goes to another worker after this */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /** how often each worker asks whether a scheduled run (reminders, the weekly summary) is due */
  SCHEDULE_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * Proxies whose X-Forwarded-For / -Host / -Proto are believed: comma-separated addresses or CIDR
   * ranges (e.g. 127.0.0.1,10.0.0.0/8). Unset: none, so no client can choose its address.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  API_DOCS: z.enum(['public', 'admin', 'off'], { message: 'must be public, admin or off' }).optional(),
});

/** `tuning`: SQLITE_TUNING, the SQLite machinery of docs/decisions (db/sqlite/) on or off. */
export type SqliteTarget = { dialect: 'sqlite'; file: string; tuning: boolean };
export type DatabaseTarget = SqliteTarget | { dialect: 'postgres'; url: string };

export type Config = Omit<
  z.infer<typeof ZEnv>,
  'DATABASE_URL' | 'SQLITE_TUNING' | 'PAYMENT_GATEWAY' | 'API_DOCS' | 'HOST' | 'JWT_SECRET'
> & {
  HOST: string;
  JWT_SECRET: string;
  /**
   * Where this install's own secret is kept when JWT_SECRET is unset (useInstallSecret reads or
   * makes it); until then JWT_SECRET is a random one of this process alone, never a public one.
   */
  jwtSecretFile: string | null;
  PAYMENT_GATEWAY: 'demo' | 'lyra';
  database: DatabaseTarget;
  /** where uploaded and generated files live: UPLOAD_DIR, or the bucket of STORAGE_URL */
  storage: StorageTarget;
  webDist: string;
  /** who may read /api/docs and /api/openapi.json: anyone, the admin roles, or nobody */
  API_DOCS: 'public' | 'admin' | 'off';
};

/** Values shipped in .env.example and the documentation: a server using one is not secret at all. */
const PLACEHOLDER_SECRETS = ['change-me-to-a-long-random-secret', 'change-me-16chars', 'change-me'];
const MIN_PRODUCTION_SECRET = 32;

export class ConfigError extends Error {}

export function parseDatabaseUrl(url: string | undefined, sqliteTuning = true): DatabaseTarget {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  return { dialect: 'sqlite', file: sqliteFile(url), tuning: sqliteTuning };
}

function sqliteFile(url: string | undefined): string {
  if (!url) return path.resolve('data/erp.sqlite');
  if (url === ':memory:') return url;
  if (url.startsWith('file:')) return path.resolve(url.slice(5).replace(/^\/\/(?=\/)/, ''));
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new ConfigError(`DATABASE_URL: unsupported scheme in "${url}" (use postgres://, file: or a path)`);
  }
  return path.resolve(url);
}

/** Reads the environment once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DATABASE_URL, SQLITE_TUNING, HOST, JWT_SECRET, ...rest } = parsed.data;
  const database = parseDatabaseUrl(DATABASE_URL, SQLITE_TUNING === 'on');
  const demo = seedsDemo(rest);
  // A real college's server answers this machine only (its reverse proxy) until told otherwise.
  const host = HOST ?? (demo ? '0.0.0.0' : '127.0.0.1');
  const secret = jwtSecretPolicy({ NODE_ENV: rest.NODE_ENV, demo, host, database, given: JWT_SECRET });
  const config: Config = {
    ...rest,
    HOST: host,
    JWT_SECRET: secret.value,
    jwtSecretFile: secret.file,
    PAYMENT_GATEWAY: rest.PAYMENT_GATEWAY ?? 'demo',
    API_DOCS: rest.API_DOCS ?? (rest.NODE_ENV === 'production' ? 'admin' : 'public'),
    database,
    storage: storageOf(env),
    webDist: path.resolve(rest.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
  if (config.NODE_ENV === 'production') checkProduction(config, env);
  return config;
}

function storageOf(env: NodeJS.ProcessEnv): StorageTarget {
  try {
    return storageTarget(env);
  } catch (e) {
    if (e instanceof StorageSettingError) throw refuse(e.variable, e.message);
    throw e;
  }
}

/** Whether an empty database gets the demo colleges (db/seed): in production only when asked for. */
export function seedsDemo(config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO'>): boolean {
  return config.NODE_ENV === 'production' ? config.SEED_DEMO === true : config.SEED_DEMO !== false;
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The name of the file beside a SQLite database that keeps the install's own token secret. */
const JWT_SECRET_FILE = 'jwt-secret';

/**
 * Tokens are never signed with a published secret where anyone but this machine can reach the
 * server: the development value only serves tests and a demo listening on loopback. Otherwise,
 * unset, the secret is made once per install and kept beside its SQLite file (useInstallSecret).
 * PostgreSQL replicas run on several machines, whose files would differ, and the secret stays out
 * of the database and its backups (it would let whoever reads one forge an admin's token): there
 * JWT_SECRET must be given, the same on every replica.
 */
function jwtSecretPolicy(o: {
  NODE_ENV: Config['NODE_ENV'];
  demo: boolean;
  host: string;
  database: DatabaseTarget;
  given: string | undefined;
}): { value: string; file: string | null } {
  const publicAllowed = o.NODE_ENV === 'test' || (o.demo && isLoopback(o.host));
  if (o.given !== undefined) {
    if (!publicAllowed && isPublicSecret(o.given)) {
      throw refuse(
        'JWT_SECRET',
        'set your own secret, this one is published (e.g. `openssl rand -base64 48`; with SQLite, leave it unset to have one made for this install)',
      );
    }
    return { value: o.given, file: null };
  }
  if (publicAllowed) return { value: DEFAULT_JWT_SECRET, file: null };
  if (o.database.dialect === 'postgres') {
    throw refuse(
      'JWT_SECRET',
      'required with PostgreSQL: set the same random value (e.g. `openssl rand -base64 48`) on every replica, so each accepts the tokens the others sign',
    );
  }
  const file = o.database.file === ':memory:' ? null : path.join(path.dirname(o.database.file), JWT_SECRET_FILE);
  return { value: randomBytes(48).toString('base64url'), file };
}

const isPublicSecret = (secret: string) => secret === DEFAULT_JWT_SECRET || PLACEHOLDER_SECRETS.includes(secret);

const refuse = (name: string, why: string) => new ConfigError(`Invalid configuration:\n  ${name}: ${why}`);

/** Production never starts on a known secret, seeds demo logins or takes demo payments unless told to in so many words. */
function checkProduction(config: Config, env: NodeJS.ProcessEnv) {
  if (isPublicSecret(config.JWT_SECRET)) {
    throw refuse('JWT_SECRET', 'set your own secret in production (e.g. `openssl rand -base64 48`)');
  }
  if (config.JWT_SECRET.length < MIN_PRODUCTION_SECRET) {
    throw refuse('JWT_SECRET', `must be at least ${MIN_PRODUCTION_SECRET} characters in production`);
  }
  if (config.CIPHER_KEY === DEFAULT_CIPHER_KEY || PLACEHOLDER_SECRETS.includes(config.CIPHER_KEY)) {
    throw refuse('CIPHER_KEY', 'set your own key in production');
  }
  if (!env.PAYMENT_GATEWAY) {
    throw refuse(
      'PAYMENT_GATEWAY',
      'choose lyra (with LYRA_SHOP_ID and LYRA_KEY), or demo explicitly: the demo gateway marks orders paid without money',
    );
  }
  if (config.PAYMENT_GATEWAY === 'lyra' && (!config.LYRA_SHOP_ID || !config.LYRA_KEY)) {
    throw refuse('LYRA_SHOP_ID', 'the lyra gateway needs LYRA_SHOP_ID and LYRA_KEY');
  }
}
