import { loadConfig } from '../src/config.js';

/**
 * The configuration every bench server runs with: production mode (as a college runs it), a temp
 * SQLite file, no demo seed, quiet logs, no web app. `extra` adds or overrides settings.
 */
export function benchConfig(file: string, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: file,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    CIPHER_KEY: 'bench-cipher-key',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent-web-dist',
    PAYMENT_GATEWAY: 'demo',
    SIGNIN_RATE_LIMIT: '1000',
    ...extra,
  });
}
