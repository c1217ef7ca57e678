import {
  QUALITY_MSG,
  parseQualityYear,
  qualityYearLabel,
  type TNaacEvidence,
  type TNaacMetric,
  type TNaacMetrics,
  type TQualityFields,
  type TQualityFieldsSave,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { evaluate, formulaNames, parseFormula, type Expr } from './expr.js';
import { loadFacts, portalInputs, teachers, type Evidence, type Facts } from './naac.facts.js';
import { INPUT_LABELS, NAAC_FIELDS, NAAC_FRAMEWORK, NAAC_METRICS, type FieldDefinition } from './naac.framework.js';
import * as repo from './naac.repo.js';

export {
  enrolled,
  fyOf,
  isReserved,
  loadFacts,
  outgoing,
  portalInputs,
  teachers,
  yearEnd,
  yearStart,
  type Facts,
} from './naac.facts.js';
export { evaluate, formulaNames, parseFormula } from './expr.js';

const HISTORY = 5;
const parsed = new Map<string, Expr>();
/** A formula from the framework's data, parsed once. */
export function formulaOf(src: string): Expr {
  let e = parsed.get(src);
  if (!e) parsed.set(src, (e = parseFormula(src)));
  return e;
}

/** The academic year asked for ('2025', '2025-26'), or the last completed one (the SSR's latest year). */
export function yearOf(raw: string | number | undefined): number {
  if (raw === undefined || raw === '') {
    const now = clock.now();
    return now.getMonth() > 3 ? now.getFullYear() - 1 : now.getFullYear() - 2;
  }
  const y = parseQualityYear(raw);
  if (y === null) throw badRequest(QUALITY_MSG.badYear);
  return y;
}

/** '2021-2025' (a range of first years), '2021,2023' or '2024-25' / '2024' (one year) → the years, oldest first. */
export function yearsOf(raw: string | undefined): number[] {
  if (!raw) {
    const last = yearOf(undefined);
    return Array.from({ length: HISTORY }, (_, i) => last - HISTORY + 1 + i);
  }
  // A range of first years ('2021-2025': five years) before a single year ('2024-25', '2024').
  const range = /^\s*(\d{4})\s*-\s*(\d{4})\s*$/.exec(raw);
  const single = range ? null : parseQualityYear(raw);
  if (single !== null) return [single];
  let years: number[];
  if (range && Number(range[2]) >= Number(range[1])) {
    years = Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i);
  } else {
    const parts = raw.split(',').map((p) => parseQualityYear(p));
    if (parts.some((p) => p === null)) throw badRequest(QUALITY_MSG.badYears);
    years = [...new Set(parts as number[])].sort();
  }
  if (!years.length || years.length > 10) throw badRequest(QUALITY_MSG.badYears);
  return years;
}

/** IQAC-entered values of a framework for some years: year → key → value. */
export async function enteredValues(db: Database, collegeId: number, framework: string, years: number[]) {
  const rows = await repo.entered(db, collegeId, framework, years);
  const out = new Map<number, Map<string, { value: number; note: string }>>();
  for (const r of rows) {
    if (!out.has(r.year)) out.set(r.year, new Map());
    out.get(r.year)!.set(r.input_key, { value: Number(r.value), note: r.note });
  }
  return out;
}

/** The form of IQAC-entered figures for one year. */
export async function fieldsFor(
  db: Database,
  collegeId: number,
  framework: string,
  defs: FieldDefinition[],
  rawYear?: string,
): Promise<TQualityFields> {
  const year = yearOf(rawYear);
  const values = (await enteredValues(db, collegeId, framework, [year])).get(year) ?? new Map();
  return {
    year,
    label: qualityYearLabel(year),
    fields: defs.map((d) => ({
      key: d.key,
      label: d.label,
      help: d.help,
      value: values.get(d.key)?.value ?? null,
      defaultValue: d.defaultValue,
      note: values.get(d.key)?.note ?? '',
    })),
  };
}

export async function saveFields(
  db: Database,
  user: RequestUser,
  framework: string,
  defs: FieldDefinition[],
  body: TQualityFieldsSave,
): Promise<TQualityFields> {
  const year = yearOf(String(body.year));
  const known = new Set(defs.map((d) => d.key));
  const bad = body.values.find((v) => !known.has(v.key));
  if (bad) throw badRequest(`${QUALITY_MSG.unknownInput}: ${bad.key}`);
  const before = await fieldsFor(db, user.collegeId, framework, defs, String(year));
  const values = body.values.map((v) => ({ key: v.key, value: v.value ?? null, note: v.note ?? '' }));
  await repo.saveInputs(db, user.collegeId, framework, year, values, user.username, nowIso());
  const after = await fieldsFor(db, user.collegeId, framework, defs, String(year));
  await audit(db, {
    collegeId: user.collegeId,
    actor: { id: user.id, username: user.username },
    action: `${framework}.inputs.save`,
    entity: `${framework}_year_inputs`,
    entityId: year,
    before: before.fields.map((f) => [f.key, f.value]),
    after: after.fields.map((f) => [f.key, f.value]),
  });
  return after;
}

const iqacEvidence = (d: FieldDefinition, v: { value: number; note: string } | undefined): Evidence => ({
  key: d.key,
  label: INPUT_LABELS[d.key] ?? d.label,
  value: v?.value ?? null,
  source: 'iqac',
  columns: ['Entered by IQAC', 'Note'],
  rows: v ? [[String(v.value), v.note]] : [],
});

/** Every input of year y: the portal's figures and IQAC's entries. */
function inputsOfYear(f: Facts, y: number, entered: Map<string, { value: number; note: string }> | undefined, withRows = true) {
  const all = portalInputs(f, y, withRows);
  for (const d of NAAC_FIELDS) all.set(d.key, iqacEvidence(d, entered?.get(d.key)));
  return all;
}

interface Computed {
  value: number | null;
  warnings: string[];
  inputs: Evidence[];
}

function compute(def: (typeof NAAC_METRICS)[number], inputs: Map<string, Evidence>, f: Facts, y: number): Computed {
  const expr = formulaOf(def.formula);
  const names = formulaNames(expr);
  const used = names.map(
    (n) =>
      inputs.get(n) ?? { key: n, label: INPUT_LABELS[n] ?? n, value: null, source: 'portal' as const, columns: [], rows: [] },
  );
  const vars = Object.fromEntries(used.map((e) => [e.key, e.value]));
  const r = evaluate(expr, vars);
  const warnings: string[] = [];
  const label = qualityYearLabel(y);
  for (const e of used) {
    if (e.value === null) warnings.push(`${e.label} for ${label} is not entered (IQAC inputs)`);
    else if (e.source === 'portal' && e.value === 0)
      warnings.push(`No ${e.label.toLowerCase()} recorded in the portal for ${label}`);
  }
  if (r.problem === 'division_by_zero' && !warnings.length) warnings.push('The divisor is zero');
  if (names.includes('fulltime_teachers')) {
    const undated = teachers(f, y).filter((t) => !t.date_of_joining).length;
    if (undated) warnings.push(`${undated} teacher(s) have no date of joining and are counted in every year`);
  }
  return { value: r.value, warnings, inputs: used };
}

/** The metrics of one year with five years of history (oldest first), from one load of the data. */
export async function metrics(db: Database, collegeId: number, rawYear?: string): Promise<TNaacMetrics> {
  const year = yearOf(rawYear);
  const years = Array.from({ length: HISTORY }, (_, i) => year - HISTORY + 1 + i);
  const [facts, entered] = await Promise.all([loadFacts(db, collegeId), enteredValues(db, collegeId, 'naac', years)]);
  const perYear = new Map(years.map((y) => [y, inputsOfYear(facts, y, entered.get(y), false)]));
  const out: TNaacMetric[] = NAAC_METRICS.map((def) => {
    const now = compute(def, perYear.get(year)!, facts, year);
    return {
      id: def.id,
      criterion: def.criterion,
      title: def.title,
      formula: def.formula,
      unit: def.unit,
      value: now.value,
      warnings: now.warnings,
      inputs: now.inputs.map((e) => ({
        key: e.key,
        label: e.label,
        source: e.source,
        value: e.value,
        missing: e.value === null,
      })),
      history: years.map((y) => ({
        year: y,
        label: qualityYearLabel(y),
        value: y === year ? now.value : compute(def, perYear.get(y)!, facts, y).value,
      })),
    };
  });
  return {
    year,
    label: qualityYearLabel(year),
    framework: NAAC_FRAMEWORK,
    years: years.map((y) => ({ year: y, label: qualityYearLabel(y) })),
    metrics: out,
  };
}

/** One metric of one year with every row behind each of its inputs. */
export async function evidence(db: Database, collegeId: number, metric: string, rawYear?: string): Promise<TNaacEvidence> {
  const def = NAAC_METRICS.find((m) => m.id === metric);
  if (!def) throw notFound(QUALITY_MSG.unknownMetric);
  const year = yearOf(rawYear);
  const [facts, entered] = await Promise.all([loadFacts(db, collegeId), enteredValues(db, collegeId, 'naac', [year])]);
  const c = compute(def, inputsOfYear(facts, year, entered.get(year)), facts, year);
  return {
    metric: def.id,
    title: def.title,
    formula: def.formula,
    year,
    label: qualityYearLabel(year),
    value: c.value,
    warnings: c.warnings,
    inputs: c.inputs,
  };
}

/** Several years' metrics with their evidence, for the Excel export (one load of the data). */
export async function yearsWithEvidence(db: Database, collegeId: number, years: number[]) {
  const [facts, entered] = await Promise.all([loadFacts(db, collegeId), enteredValues(db, collegeId, 'naac', years)]);
  return years.map((y) => {
    const inputs = inputsOfYear(facts, y, entered.get(y));
    return {
      year: y,
      label: qualityYearLabel(y),
      metrics: NAAC_METRICS.map((def) => ({ def, ...compute(def, inputs, facts, y) })),
    };
  });
}

export const naacFields = (db: Database, collegeId: number, rawYear?: string) =>
  fieldsFor(db, collegeId, 'naac', NAAC_FIELDS, rawYear);
export const saveNaacFields = (db: Database, user: RequestUser, body: TQualityFieldsSave) =>
  saveFields(db, user, 'naac', NAAC_FIELDS, body);
