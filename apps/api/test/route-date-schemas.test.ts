import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saneDateSchemas } from '@erp/shared';
import type { z } from 'zod';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Walks every route's querystring, params and body: a property named like a date (date, from, to,
 * month, dob, *Date, *On, *At, *Expiry, returnBy) must be built from the shared date schemas (ZIsoDate,
 * ZIsoMonth, ZLocalDateTime) and must refuse dates outside 1900..2199. Routes added later are
 * covered automatically; a property that only looks like a date is listed below with the reason.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NOT_DATES: Record<string, string> = {
  'GET /api/library/labels.pdf querystring from': 'the first accession number of a run of labels',
  'GET /api/library/labels.pdf querystring to': 'the last accession number of a run of labels',
  'GET /api/outbox querystring to': 'an e-mail address',
};

type Kind = 'date' | 'month' | 'datetime';
const kindOf = (name: string): Kind | null => {
  if (/^(month)$|Month$/.test(name)) return 'month';
  if (/^(at|returnBy)$|[a-z]At$/.test(name)) return 'datetime';
  if (/^(date|dates|from|to|dob)$|Date$|[a-z]On$|Expiry$/.test(name)) return 'date';
  return null;
};
const PROBES: Record<Kind, { ok: string; bad: string[] }> = {
  date: { ok: '2024-02-29', bad: ['9999-12-31', '0000-00-00', '1899-12-31', '2200-01-01', '2023-02-29', '+010000-01-01'] },
  month: { ok: '2024-02', bad: ['9999-12', '0000-00', '1899-12', '2025-13'] },
  datetime: { ok: '2024-02-29T10:30', bad: ['9999-12-31T10:00', '0000-00-00T10:00', '2023-02-29T10:00', '2024-01-01T25:00'] },
};

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def: Def } })?._zod?.def;

/** The properties of an object schema, looking through optional, default, pipes and unions. */
function propertiesOf(s: unknown, depth = 0): Record<string, unknown> {
  const def = defOf(s);
  if (!def || depth > 8) return {};
  const inner = (x: unknown) => propertiesOf(x, depth + 1);
  switch (def.type) {
    case 'object':
      return def.shape as Record<string, unknown>;
    case 'pipe':
      return { ...inner(def.in), ...inner(def.out) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return inner(def.innerType);
    case 'union':
      return Object.assign({}, ...(def.options as unknown[]).map(inner));
    case 'intersection':
      return { ...inner(def.left), ...inner(def.right) };
    case 'array':
      return inner(def.element);
    default:
      return {};
  }
}

/** Whether the schema is, or wraps, one the shared date builders made. */
function usesSharedDate(s: unknown, depth = 0): boolean {
  const def = defOf(s);
  if (!def || depth > 8) return false;
  if (saneDateSchemas.get(s as z.ZodType)) return true;
  const next = [def.innerType, def.in, def.out, ...((def.options as unknown[]) ?? [])].filter(Boolean);
  return next.some((x) => usesSharedDate(x, depth + 1));
}

interface Found {
  where: string;
  kind: Kind;
  schema: z.ZodType;
}

function dateProperties(): Found[] {
  const out: Found[] = [];
  const walk = (schema: unknown, where: string, prefix: string, seen: Set<unknown>) => {
    for (const [name, prop] of Object.entries(propertiesOf(schema))) {
      const kind = kindOf(name);
      if (kind) out.push({ where: `${where} ${prefix}${name}`, kind, schema: prop as z.ZodType });
      if (!seen.has(prop)) {
        seen.add(prop);
        walk(prop, where, `${prefix}${name}.`, seen);
      }
    }
  };
  for (const r of t.app.routeSchemas) {
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    for (const part of ['querystring', 'params', 'body'])
      if (schema[part]) walk(schema[part], `${r.method} ${r.url} ${part}`, '', new Set());
  }
  return out;
}

describe('date properties of every route', () => {
  it('finds the date properties to check', () => {
    const found = dateProperties().map((f) => f.where);
    expect(found.length).toBeGreaterThan(40);
    expect(found).toEqual(
      expect.arrayContaining(['GET /api/library/reports querystring to', 'POST /api/leave/applications body backups.date']),
    );
  });

  it('builds each from the shared date schemas', () => {
    const own = dateProperties()
      .filter((f) => !NOT_DATES[f.where] && !usesSharedDate(f.schema))
      .map((f) => f.where);
    expect(own).toEqual([]);
  });

  it('refuses dates that are not real or outside 1900..2199, and takes a real one', () => {
    const problems: string[] = [];
    for (const f of dateProperties()) {
      if (NOT_DATES[f.where]) continue;
      const { ok, bad } = PROBES[f.kind];
      if (!f.schema.safeParse(ok).success) problems.push(`${f.where} refuses ${ok}`);
      for (const b of bad) if (f.schema.safeParse(b).success) problems.push(`${f.where} takes ${b}`);
    }
    expect(problems).toEqual([]);
  });

  it('lists only properties that exist', () => {
    const found = new Set(dateProperties().map((f) => f.where));
    expect(Object.keys(NOT_DATES).filter((w) => !found.has(w))).toEqual([]);
  });
});
