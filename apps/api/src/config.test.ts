import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_JWT_SECRET, loadConfig, parseDatabaseUrl } from './config.js';
import { useInstallSecret } from './install-secret.js';
import { setupToken } from './modules/setup/index.js';

describe('configuration', () => {
  it('has working defaults: port 8080 and the SQLite file ./data/erp.sqlite, its secret kept beside it', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/erp.sqlite'), tuning: true });
    // The demo listens on every interface, so it never signs with the published secret.
    expect(c.HOST).toBe('0.0.0.0');
    expect(c.JWT_SECRET).not.toBe(DEFAULT_JWT_SECRET);
    expect(c.jwtSecretFile).toBe(path.resolve('data/jwt-secret'));
  });

  it('reads DATABASE_URL as PostgreSQL, a file: URL or a path', () => {
    expect(parseDatabaseUrl('postgres://u@h:5432/db')).toEqual({ dialect: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(parseDatabaseUrl('file:/var/lib/erp.db')).toEqual({ dialect: 'sqlite', file: '/var/lib/erp.db', tuning: true });
    expect(parseDatabaseUrl('./x/erp.db')).toEqual({ dialect: 'sqlite', file: path.resolve('x/erp.db'), tuning: true });
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow(/unsupported scheme/);
  });

  it('turns the SQLite machinery off with SQLITE_TUNING=off, and refuses any other value', () => {
    expect(loadConfig({ DATABASE_URL: './x/erp.db', SQLITE_TUNING: 'off' }).database).toEqual({
      dialect: 'sqlite',
      file: path.resolve('x/erp.db'),
      tuning: false,
    });
    expect(loadConfig({ DATABASE_URL: './x/erp.db', SQLITE_TUNING: 'on' }).database).toMatchObject({ tuning: true });
    expect(() => loadConfig({ SQLITE_TUNING: 'no' })).toThrow(/SQLITE_TUNING: must be on or off/);
  });

  it('names the bad value in its message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a port number/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: must be true or false/);
    expect(() => loadConfig({ CIPHER_KEY: 'short' })).toThrow(/CIPHER_KEY: must be 16, 24 or 32 bytes/);
    expect(() => loadConfig({ JWT_SECRET: 'x' })).toThrow(ConfigError);
  });

  const SECRET = 'k3VbX9qLr2mZt8wPn4sYc7dGh1jFa6eU';
  it('refuses to start in production with a default, placeholder or short secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'demo', JWT_SECRET: DEFAULT_JWT_SECRET })).toThrow(
      /JWT_SECRET: set your own secret/,
    );
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

describe('the token secret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  /** A college's install as the README starts it (`npm start` with SEED_DEMO=false), in a fresh data directory. */
  const realCollege = (env: Record<string, string> = {}) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-config-'));
    dirs.push(dir);
    return { dir, env: { SEED_DEMO: 'false', DATABASE_URL: path.join(dir, 'data', 'erp.sqlite'), ...env } };
  };
  const PG = 'postgres://erp@db:5432/erp';

  it('is never the published one for a real college: one is made on first start, kept 0600 beside the database, and reused', () => {
    const { dir, env } = realCollege();
    const first = useInstallSecret(loadConfig(env));
    expect(first.JWT_SECRET).not.toBe(DEFAULT_JWT_SECRET);
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'data', 'jwt-secret');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The setup token an outsider would work out from the published secret opens nothing.
    expect(setupToken(first)).not.toBe(setupToken({ ...first, JWT_SECRET: DEFAULT_JWT_SECRET }));

    const again = useInstallSecret(loadConfig(env));
    expect(again.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(fs.readdirSync(path.join(dir, 'data'))).toEqual(['jwt-secret']);
  });

  it('listens on this machine only for a real college unless HOST says otherwise; the demo on every interface', () => {
    expect(loadConfig(realCollege().env).HOST).toBe('127.0.0.1');
    expect(loadConfig(realCollege({ HOST: '0.0.0.0' }).env).HOST).toBe('0.0.0.0');
    expect(loadConfig({}).HOST).toBe('0.0.0.0');
  });

  it('is the published development one only in tests and for a demo on loopback', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).JWT_SECRET).toBe(DEFAULT_JWT_SECRET);
    expect(loadConfig({ HOST: '127.0.0.1' }).JWT_SECRET).toBe(DEFAULT_JWT_SECRET);
    expect(loadConfig({ HOST: '127.0.0.1', DATABASE_URL: PG })).toMatchObject({
      JWT_SECRET: DEFAULT_JWT_SECRET,
      jwtSecretFile: null,
    });
    for (const env of [{}, { HOST: '::' }, realCollege({ HOST: '127.0.0.1' }).env]) {
      expect(loadConfig(env).JWT_SECRET).not.toBe(DEFAULT_JWT_SECRET);
    }
  });

  it('refuses a published value given where others can reach the server', () => {
    for (const secret of [DEFAULT_JWT_SECRET, 'change-me-to-a-long-random-secret']) {
      expect(() => loadConfig(realCollege({ JWT_SECRET: secret }).env)).toThrow(
        /JWT_SECRET: set your own secret, this one is published/,
      );
      expect(() => loadConfig({ HOST: '0.0.0.0', JWT_SECRET: secret })).toThrow(/JWT_SECRET: set your own secret/);
    }
  });

  it('is the one given when JWT_SECRET is set: no file is made', () => {
    const { dir, env } = realCollege({ JWT_SECRET: 'k3VbX9qLr2mZt8wPn4sYc7dGh1jFa6eU' });
    const c = useInstallSecret(loadConfig(env));
    expect(c.JWT_SECRET).toBe('k3VbX9qLr2mZt8wPn4sYc7dGh1jFa6eU');
    expect(fs.existsSync(path.join(dir, 'data', 'jwt-secret'))).toBe(false);
  });

  it('must be given with PostgreSQL, where replicas on several machines must share it', () => {
    const message = /JWT_SECRET: required with PostgreSQL: set the same random value .* on every replica/;
    const prod = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'demo', CIPHER_KEY: '0123456789abcdef', DATABASE_URL: PG };
    expect(() => loadConfig(prod)).toThrow(message);
    expect(() => loadConfig({ SEED_DEMO: 'false', DATABASE_URL: PG })).toThrow(message);
    expect(loadConfig({ ...prod, JWT_SECRET: 'k3VbX9qLr2mZt8wPn4sYc7dGh1jFa6eU' }).jwtSecretFile).toBeNull();
    // SQLite in production (the image's default) makes its own.
    const { env } = realCollege({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'demo', CIPHER_KEY: '0123456789abcdef' });
    expect(useInstallSecret(loadConfig(env)).JWT_SECRET).toHaveLength(64);
  });

  it('keeps a copied secret file to its owner, and says what to do with one that holds no secret', () => {
    const { dir, env } = realCollege();
    fs.mkdirSync(path.join(dir, 'data'));
    const file = path.join(dir, 'data', 'jwt-secret');
    fs.writeFileSync(file, 'a-secret-restored-from-a-backup-of-this-install\n', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    expect(useInstallSecret(loadConfig(env)).JWT_SECRET).toBe('a-secret-restored-from-a-backup-of-this-install');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    fs.writeFileSync(file, '\n');
    expect(() => useInstallSecret(loadConfig(env))).toThrow(
      new ConfigError(
        `Invalid configuration:\n  JWT_SECRET: ${file} holds no usable secret: delete it to have a new one made, or set JWT_SECRET`,
      ),
    );
  });
});
