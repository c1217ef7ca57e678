import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CIPHER_KEY } from '@erp/shared';

export const DEFAULT_JWT_SECRET = 'dev-only-jwt-secret-change-me';

const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEFAULT_JWT_SECRET),
  CIPHER_KEY: z
    .string()
    .refine((k) => [16, 24, 32].includes(Buffer.byteLength(k)), 'must be 16, 24 or 32 bytes')
    .default(DEFAULT_CIPHER_KEY),
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  SEED_DEMO: boolText.optional(),
  COLLEGE_CODE: z.string().min(1).max(20).optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SELF_REGISTRATION: boolText.default(true),
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PAYMENT_GATEWAY: z.enum(['demo', 'lyra']).default('demo'),
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
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean)),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(100).default(10),
});

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export type Config = Omit<z.infer<typeof ZEnv>, 'DATABASE_URL'> & { database: DatabaseTarget; webDist: string };

export class ConfigError extends Error {}

export function parseDatabaseUrl(url: string | undefined): DatabaseTarget {
  if (!url) return { dialect: 'sqlite', file: path.resolve('data/erp.sqlite') };
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  if (url === ':memory:') return { dialect: 'sqlite', file: url };
  if (url.startsWith('file:')) return { dialect: 'sqlite', file: path.resolve(url.slice(5).replace(/^\/\/(?=\/)/, '')) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new ConfigError(`DATABASE_URL: unsupported scheme in "${url}" (use postgres://, file: or a path)`);
  }
  return { dialect: 'sqlite', file: path.resolve(url) };
}

/** Reads the environment once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DATABASE_URL, ...rest } = parsed.data;
  const config: Config = {
    ...rest,
    database: parseDatabaseUrl(DATABASE_URL),
    webDist: path.resolve(rest.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
  if (config.NODE_ENV === 'production') {
    if (config.JWT_SECRET === DEFAULT_JWT_SECRET) {
      throw new ConfigError('Invalid configuration:\n  JWT_SECRET: set your own secret in production');
    }
    if (config.CIPHER_KEY === DEFAULT_CIPHER_KEY) {
      throw new ConfigError('Invalid configuration:\n  CIPHER_KEY: set your own key in production');
    }
  }
  return config;
}
