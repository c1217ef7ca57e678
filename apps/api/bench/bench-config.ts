import path from 'node:path';
import { loadConfig } from '../src/config.js';

/**
 * The configuration every bench server runs with, as a college runs it: production mode, the
 * access log on (LOG_LEVEL info: a line per request, to stdout, which bench/kit.mjs sends to a log
 * file), no demo seed, no web app. `database` is a SQLite file or a postgres:// URL (kit.mjs makes
 * one per bench). BENCH_LOG_LEVEL=warn runs without the access log, to compare. `extra` adds or
 * overrides settings.
 */
export function benchConfig(database: string, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: database,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    CIPHER_KEY: 'bench-cipher-key',
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    WEB_DIST: '/nonexistent-web-dist',
    PAYMENT_GATEWAY: 'demo',
    SIGNIN_RATE_LIMIT: '1000',
    // Uploads in the bench's temp folder (kit.mjs), not the working tree.
    ...(process.env.BENCH_DATA_DIR ? { UPLOAD_DIR: path.join(process.env.BENCH_DATA_DIR, 'uploads') } : {}),
    // The results bench compares the lookup with its express lane and without.
    ...(process.env.RESULTS_EXPRESS_LANE ? { RESULTS_EXPRESS_LANE: process.env.RESULTS_EXPRESS_LANE } : {}),
    // The proxy bench's replicas behind nginx, as a college runs them.
    ...(process.env.TRUSTED_PROXIES ? { TRUSTED_PROXIES: process.env.TRUSTED_PROXIES } : {}),
    ...extra,
  });
}
