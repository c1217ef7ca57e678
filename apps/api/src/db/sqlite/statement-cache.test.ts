import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('the SQLite statement cache', () => {
  const sqlite = new Sqlite(':memory:');

  it('caches the daily queries that come after startup has filled it', () => {
    const cache = withStatementCache(sqlite, 3);
    // Startup: migrations and the seed pass more one-off statements than the cache holds.
    for (let i = 0; i < 5; i++) cache.prepare(`select ${i + 10} as n`);
    const daily = cache.prepare('select 1 as n');
    expect(cache.prepare('select 1 as n')).toBe(daily);
    cache.prepare('select 20 as n');
    expect(cache.prepare('select 1 as n')).toBe(daily);
  });

  it('drops the least recently used when full, and prepares it again when asked', () => {
    const cache = withStatementCache(sqlite, 2);
    const a = cache.prepare('select 2 as n');
    cache.prepare('select 3 as n');
    cache.prepare('select 4 as n'); // the cache holds 3 and 4 now
    const again = cache.prepare('select 2 as n');
    expect(again).not.toBe(a);
    expect(again.all([])).toEqual([{ n: 2 }]);
  });
});
