import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_JWT_SECRET, loadConfig, parseDatabaseUrl } from './config.js';

describe('configuration', () => {
  it('has working defaults: port 8080 and the SQLite file ./data/erp.sqlite', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/erp.sqlite') });
    expect(c.JWT_SECRET).toBe(DEFAULT_JWT_SECRET);
  });

  it('reads DATABASE_URL as PostgreSQL, a file: URL or a path', () => {
    expect(parseDatabaseUrl('postgres://u@h:5432/db')).toEqual({ dialect: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(parseDatabaseUrl('file:/var/lib/erp.db')).toEqual({ dialect: 'sqlite', file: '/var/lib/erp.db' });
    expect(parseDatabaseUrl('./x/erp.db')).toEqual({ dialect: 'sqlite', file: path.resolve('x/erp.db') });
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow(/unsupported scheme/);
  });

  it('names the bad value in its message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a port number/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: must be true or false/);
    expect(() => loadConfig({ CIPHER_KEY: 'short' })).toThrow(/CIPHER_KEY: must be 16, 24 or 32 bytes/);
    expect(() => loadConfig({ JWT_SECRET: 'x' })).toThrow(ConfigError);
  });

  it('refuses to start in production with a default secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: set your own secret/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-some-length' })).toThrow(/CIPHER_KEY/);
    const ok = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-some-length', CIPHER_KEY: '0123456789abcdef' });
    expect(ok.NODE_ENV).toBe('production');
  });
});
