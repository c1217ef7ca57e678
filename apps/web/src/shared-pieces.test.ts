// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Features show a query's loading and failure with components/QueryState, take a date range with
 * components/DateRangeField and a row of figures with components/StatsPanel. This finds the
 * hand-rolled copies those replaced, so a new one fails here rather than drifting apart.
 */
const RULES: Array<{ name: string; use: string; find: (src: string) => number[] }> = [
  {
    name: 'a spinner or skeleton while a query loads',
    use: 'QueryState',
    find: (src) =>
      at(
        src,
        // q.isLoading && <CircularProgress />, if (q.isPending) return <Skeleton />, !q.data ? <Skeleton />;
        // a skeleton with a width is an inline placeholder for one figure, not a query's state
        /\.(?:isLoading|isPending)\s*(?:&&|\?)\s*\(?\s*<(?:CircularProgress|LinearProgress|Skeleton(?!\s+width=))\b|if\s*\([^)]*\.(?:isLoading|isPending|data)\b[^)]*\)\s*return\s*\(?\s*<(?:CircularProgress|LinearProgress|Skeleton|Typography)\b|![\w.]+\s*\?\s*\(?\s*<Skeleton(?!\s+width=)\b/g,
      ),
  },
  {
    name: 'a Retry button that asks a query again',
    use: 'QueryState',
    find: (src) => at(src, /<Button\b[^>]*onClick=\{\(\)\s*=>\s*(?:void\s+)?\(?[\w.]+\.refetch\(\)[^>]*>\s*Retry\s*</g),
  },
  { name: 'a From / To pair of date fields', use: 'DateRangeField', find: datePairs },
  {
    name: 'a row of figures, each a small label over a bold value',
    use: 'StatsPanel',
    find: (src) =>
      at(
        src,
        // (a details table, label beside value in display: contents, is not a row of figures)
        /\.map\(\(\[\s*(\w+)\s*,\s*\w+\s*\]\)\s*=>\s*\(\s*<(?:Box|Card|Paper|Grid)\b(?![^>]*display: 'contents')[\s\S]{0,300}?<Typography[^>]*color="text\.secondary"[^>]*>\s*\{\1\}\s*<\/Typography>\s*<Typography\b[^>]*(?:fontWeight(?:=\{?|:\s*)(?:600|700|'bold')|variant="h[3-6]")/g,
      ),
  },
];

/** Offsets of the matches. */
function at(src: string, re: RegExp): number[] {
  return [...src.matchAll(re)].map((m) => m.index);
}

/** Two date fields one after the other, the first a start ("From", "Lodged from", startDate). */
function datePairs(src: string): number[] {
  const fields = [...src.matchAll(/<TextField\b(?:(?!<TextField\b|\/>)[\s\S])*?type="date"(?:(?!\/>)[\s\S])*?\/>/g)];
  const found: number[] = [];
  fields.forEach((f, i) => {
    const next = fields[i + 1];
    if (!next || next.index - (f.index + f[0].length) > 400) return;
    const name = /label=["{'`]+([^"'`}]*)|register\('(\w+)'|name="(\w+)"/.exec(f[0]);
    if (name && /from|start/i.test(name.slice(1).join(' '))) found.push(f.index);
  });
  return found;
}

const lineOf = (src: string, offset: number) => src.slice(0, offset).split('\n').length;

const FEATURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'features');
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [p] : [];
  });
}

const rule = (use: string) => RULES.filter((r) => r.use === use);
const hits = (use: string, src: string) => rule(use).flatMap((r) => r.find(src));

describe('one component for each shared piece of a screen', () => {
  it('finds a hand-rolled loading or failure of a query, not QueryState', () => {
    for (const copy of [
      '{list.isLoading && <CircularProgress />}',
      '{q.isPending ? (\n  <Skeleton height={80} />\n) : null}',
      'if (q.isPending) return <Skeleton height={300} />;',
      'if (!q.data) return <Skeleton height={200} />;',
      '{!stats.data ? <Skeleton height={200} /> : <Table />}',
      '<Alert severity="error" action={<Button onClick={() => q.refetch()}>Retry</Button>}>{q.error.message}</Alert>',
    ])
      expect(hits('QueryState', copy), copy).toHaveLength(1);
    for (const fine of [
      '<QueryState spinner query={list}>{list.data && <Rows />}</QueryState>',
      '{q.isLoading ? <Skeleton width={40} /> : q.data}',
      '<Button disabled={save.isPending}>{save.isPending ? "Saving…" : "Save"}</Button>',
      'if (ret.isPending) return;',
    ])
      expect(hits('QueryState', fine), fine).toEqual([]);
  });

  it('finds a From / To pair of date fields, not DateRangeField, and leaves single dates alone', () => {
    const pair = `
      <TextField size="small" type="date" label="Lodged from" value={from} onChange={(e) => setFrom(e.target.value)} />
      <TextField size="small" type="date" label="to" value={to} onChange={(e) => setTo(e.target.value)} />`;
    const form = `
      <TextField type="date" {...register('startDate')} error={!!e.startDate} />
      <TextField type="date" {...register('endDate')} error={!!e.endDate} />`;
    expect(hits('DateRangeField', pair)).toHaveLength(1);
    expect(hits('DateRangeField', form)).toHaveLength(1);
    const singles = `
      <TextField type="date" label="Borrowing until" {...register('expiresOn')} />
      <TextField type="date" label="Override ends on" {...register('endsOn')} />
      <TextField type="date" label="Date" value={date} />`;
    expect(hits('DateRangeField', singles)).toEqual([]);
    expect(hits('DateRangeField', '<DateRangeField size="small" {...range} onChange={setRange} />')).toEqual([]);
  });

  it('finds a hand-built row of figures, not StatsPanel', () => {
    const copy = `
      {stats.map(([label, value]) => (
        <Box key={label}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography fontWeight={600}>{value}</Typography>
        </Box>
      ))}`;
    const cards = `
      ].map(([k, v]) => (
        <Paper key={k} sx={{ p: 2 }}>
          <Typography variant="caption" color="text.secondary">{k}</Typography>
          <Typography variant="h5">{v}</Typography>
        </Paper>
      ))}`;
    expect(hits('StatsPanel', copy)).toHaveLength(1);
    expect(hits('StatsPanel', cards)).toHaveLength(1);
    // a profile's details are plain text, and a details table sets label beside value: neither is a row of figures
    const details = `
      {rows.map(([k, v]) => (
        <Box key={k}>
          <Typography variant="caption" color="text.secondary">{k}</Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{v}</Typography>
        </Box>
      ))}`;
    expect(hits('StatsPanel', details)).toEqual([]);
    const table = `
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">{label}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>{value}</Typography>
        </Box>
      ))}`;
    expect(hits('StatsPanel', table)).toEqual([]);
  });

  it('has no hand-rolled copy in any feature', () => {
    const found = sources(FEATURES).flatMap((file) => {
      const src = readFileSync(file, 'utf8');
      return RULES.flatMap((r) =>
        r.find(src).map((o) => `${path.relative(FEATURES, file)}:${lineOf(src, o)} ${r.name}: use components/${r.use}`),
      );
    });
    expect(found).toEqual([]);
  });
});
