import { describe, expect, it } from 'vitest';
import { chunks, inChunks, pacer, rowsPerInsert } from './chunked.js';
import { isUniqueViolation } from './errors.js';

describe('chunked writes and reads', () => {
  it('cuts a list into slices of the size, the last one shorter', () => {
    expect([...chunks([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
    expect([...chunks([], 3)]).toEqual([]);
  });

  it('fits a multi-row insert under the parameter limit: 500 rows of 10 columns, 30,000 / 90 = 333 of 90', () => {
    expect(rowsPerInsert(10)).toBe(500);
    expect(rowsPerInsert(90)).toBe(333);
    expect(rowsPerInsert(100_000)).toBe(1);
  });

  it('runs one query per slice of an IN list and joins the answers in order', async () => {
    const asked: number[][] = [];
    const out = await inChunks([1, 2, 3, 4, 5], async (slice) => (asked.push(slice), slice.map((n) => n * 10)), 2);
    expect(asked).toEqual([[1, 2], [3, 4], [5]]);
    expect(out).toEqual([10, 20, 30, 40, 50]);
  });
});

describe('pacer', () => {
  it('pauses only once the budget has passed since the last pause, and lets a waiting timer run then', async () => {
    const pause = pacer(20);
    expect(pause()).toBeUndefined();
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const start = performance.now();
    while (performance.now() - start < 25) {
      /* hold the loop past the budget */
    }
    await new Promise((r) => setTimeout(r, 0)); // the timer queued above now runs first
    timerRan = false;
    setImmediate(() => (timerRan = true));
    const paused = pause();
    expect(paused).toBeInstanceOf(Promise);
    await paused;
    expect(timerRan).toBe(true);
    expect(pause()).toBeUndefined();
  });
});

describe('isUniqueViolation', () => {
  it('knows PostgreSQL and SQLite unique and primary-key violations, and nothing else', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
