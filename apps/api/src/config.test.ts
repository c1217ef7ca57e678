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

  const SECRET = 'k3VbX9qLr2mZt8wPn4sYc7dGh1jFa6eU';
  it('refuses to start in production with a default, placeholder or short secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'demo' })).toThrow(/JWT_SECRET: set your own secret/);
    // .env.example's placeholder, copied as it is
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'demo', JWT_SECRET: 'change-me-to-a-long-random-secret' }),
    ).toThrow(/JWT_SECRET: set your own secret/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'demo', JWT_SECRET: 'a-real-secret-of-some-length' }),
    ).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'demo', JWT_SECRET: SECRET })).toThrow(/CIPHER_KEY/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'demo', JWT_SECRET: SECRET, CIPHER_KEY: 'change-me-16chars' }),
    ).toThrow(/CIPHER_KEY: must be 16, 24 or 32 bytes/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'demo',
      JWT_SECRET: SECRET,
      CIPHER_KEY: '0123456789abcdef',
    });
    expect(ok.NODE_ENV).toBe('production');
  });

  it('makes production choose its payment gateway; development defaults to the demo one', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: SECRET, CIPHER_KEY: '0123456789abcdef' };
    expect(() => loadConfig(prod)).toThrow(/PAYMENT_GATEWAY: choose lyra .* or demo explicitly/);
    expect(() => loadConfig({ ...prod, PAYMENT_GATEWAY: 'lyra' })).toThrow(/needs LYRA_SHOP_ID and LYRA_KEY/);
    expect(loadConfig({ ...prod, PAYMENT_GATEWAY: 'lyra', LYRA_SHOP_ID: '12345678', LYRA_KEY: 'k' }).PAYMENT_GATEWAY).toBe(
      'lyra',
    );
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('demo');
  });

  it('believes forwarded headers only from the proxies it is given', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' }).TRUSTED_PROXIES).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});
