import { qualityYearLabel, type TNirfData, type TNirfScore, type TNirfTable, type TQualityFieldsSave } from '@erp/shared';
import type { Database } from '../../db/index.js';
import type { RequestUser } from '../../plugins/types.js';
import * as naac from '../naac/naac.service.js';
import { batchYears, enrolled, fyOf, isReserved, outgoing, teachers, yearEnd, yearStart } from '../naac/naac.service.js';
import {
  CAPITAL_WORDS,
  ECONOMIC_INCOME_LIMIT,
  NIRF_CATEGORY,
  NIRF_FIELDS,
  NIRF_INPUT_LABELS,
  NIRF_SCORES,
} from './nirf.framework.js';

type Facts = naac.Facts;
const pct = (n: number, d: number) => (d ? Math.round((n / d) * 10000) / 100 : null);
const lakh = (paise: number) => Math.round(paise / 1e3) / 1e4;
const inYear = (date: string | null | undefined, y: number) =>
  !!date && date.slice(0, 10) >= yearStart(y) && date.slice(0, 10) <= yearEnd(y);
function median(values: number[]): number | null {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}
const GOVERNMENT = ['state_reimbursement', 'nsp'];
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'];

const isCapital = (description: string) => {
  const d = ` ${description.toLowerCase()} `;
  return CAPITAL_WORDS.some((w) => d.includes(w));
};

/** Years of service at the year's end, from the date of joining (prior experience is not recorded). */
const experience = (doj: string, y: number) =>
  doj ? (Date.parse(yearEnd(y)) - Date.parse(doj.slice(0, 10))) / (365.25 * 86_400_000) : null;

/** The graduating batch of year y: size, passed in minimum time, placed, higher studies, median salary. */
function graduating(f: Facts, y: number) {
  const batch = outgoing(f, y);
  const ids = new Set(batch.map((s) => s.id));
  const passed = batch.filter((s) => {
    const r = f.results.get(s.roll_no);
    return r && r.results > 0 && r.failed === 0;
  });
  const firstOffer = new Map<number, number>();
  for (const o of f.offers)
    if (ids.has(o.student_id) && (!firstOffer.has(o.student_id) || o.slot === 1)) firstOffer.set(o.student_id, o.ctc_paise);
  const higher = new Set(f.higherStudies.filter((h) => ids.has(h.student_id)).map((h) => h.student_id));
  const salary = median([...firstOffer.values()]);
  return {
    size: batch.length,
    passed: passed.length,
    placed: firstOffer.size,
    higher: higher.size,
    medianRupees: salary === null ? null : Math.round(salary / 100),
  };
}

/** Inputs of the scores for year y, portal's and IQAC's. */
function scoreInputs(f: Facts, y: number, entered: Map<string, { value: number; note: string }> | undefined) {
  const onRolls = enrolled(f, y);
  const staff = teachers(f, y);
  const exp = staff.map((t) => experience(t.date_of_joining, y));
  const known = exp.filter((e): e is number => e !== null);
  const g = graduating(f, y);
  const admissionById = new Map(f.admissions.map((a) => [a.id, a]));
  const foreign = onRolls.filter((s) => {
    const n = s.admission_id ? admissionById.get(s.admission_id)?.nationality : '';
    return !!n && !/^indian?$/i.test(n) && !/^india$/i.test(n);
  }).length;
  const ids = new Set(onRolls.map((s) => s.id));
  const fy = fyOf(y);
  const reimbursed = new Set(
    f.scholarships.filter((s) => s.fy === fy && ids.has(s.studentId) && GOVERNMENT.includes(s.payer)).map((s) => s.studentId),
  );
  const women = onRolls.filter((s) => s.gender.toUpperCase() === 'FEMALE').length;
  const iq = (k: string) => entered?.get(k)?.value ?? null;
  const womenFaculty = iq('women_faculty');
  const values: Record<string, { value: number | null; source: 'portal' | 'iqac' }> = {
    faculty: { value: staff.length, source: 'portal' },
    students_total: { value: onRolls.length, source: 'portal' },
    phd_percent: { value: pct(staff.filter((t) => t.phd).length, staff.length), source: 'portal' },
    exp_upto8_fraction: { value: known.length ? known.filter((e) => e <= 8).length / known.length : null, source: 'portal' },
    exp_8to15_fraction: {
      value: known.length ? known.filter((e) => e > 8 && e <= 15).length / known.length : null,
      source: 'portal',
    },
    exp_above15_fraction: { value: known.length ? known.filter((e) => e > 15).length / known.length : null, source: 'portal' },
    graduated_percent: { value: pct(g.passed, g.size), source: 'portal' },
    placed_percent: { value: pct(g.placed, g.size), source: 'portal' },
    higher_studies_percent: { value: pct(g.higher, g.size), source: 'portal' },
    other_states: { value: iq('other_states'), source: 'iqac' },
    other_countries: { value: foreign, source: 'portal' },
    women_students_percent: { value: pct(women, onRolls.length), source: 'portal' },
    women_faculty_percent: { value: womenFaculty === null ? null : pct(womenFaculty, staff.length), source: 'iqac' },
    escs_percent: { value: pct(reimbursed.size, onRolls.length), source: 'portal' },
  };
  return { values, undatedFaculty: exp.length - known.length };
}

function tables(f: Facts, y: number, entered: Map<number, Map<string, { value: number; note: string }>>): TNirfTable[] {
  const three = [y - 2, y - 1, y];
  const admissionById = new Map(f.admissions.map((a) => [a.id, a]));
  const intake: TNirfTable = {
    id: 'intake',
    title: 'Sanctioned (approved) intake and students admitted',
    columns: ['Academic year', 'Sanctioned intake', 'Students admitted', 'Students on the rolls'],
    rows: [y - 4, y - 3, ...three].map((yy) => [
      qualityYearLabel(yy),
      entered.get(yy)?.get('sanctioned_intake')?.value ?? null,
      f.admissions.filter((a) => inYear(a.dateOfAdmission, yy)).length,
      enrolled(f, yy).length,
    ]),
  };
  const onRolls = enrolled(f, y);
  const groups = new Map<string, typeof onRolls>();
  for (const s of onRolls) {
    const b = batchYears(s.batch)!;
    const key = `${s.course} ${s.branch}|${ROMAN[y - b[0]] ?? y - b[0] + 1}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const fy = fyOf(y);
  const grantsByStudent = new Map<number, string[]>();
  for (const g of f.scholarships)
    if (g.fy === fy)
      grantsByStudent.set(g.studentId, [
        ...(grantsByStudent.get(g.studentId) ?? []),
        GOVERNMENT.includes(g.payer) ? 'government' : 'institution',
      ]);
  const strength: TNirfTable = {
    id: 'strength',
    title: `Total actual student strength ${qualityYearLabel(y)} (by programme and year of study)`,
    columns: [
      'Programme',
      'Year of study',
      'Male',
      'Female',
      'Total',
      'From other countries',
      'Socially challenged',
      'Economically backward',
      'Fee reimbursed by government',
      'Fee reimbursed by institution',
      'Not receiving reimbursement',
    ],
    rows: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, ss]) => {
        const [programme, yos] = key.split('|');
        const adm = ss.map((s) => (s.admission_id ? admissionById.get(s.admission_id) : undefined));
        const govt = ss.filter((s) => grantsByStudent.get(s.id)?.includes('government')).length;
        const inst = ss.filter((s) => grantsByStudent.has(s.id) && !grantsByStudent.get(s.id)!.includes('government')).length;
        return [
          programme,
          yos,
          ss.filter((s) => s.gender.toUpperCase() !== 'FEMALE').length,
          ss.filter((s) => s.gender.toUpperCase() === 'FEMALE').length,
          ss.length,
          adm.filter((a) => a && a.nationality && !/^indian?$/i.test(a.nationality)).length,
          adm.filter((a) => a && isReserved(a.category)).length,
          adm.filter((a) => a && a.annualIncome !== null && a.annualIncome <= ECONOMIC_INCOME_LIMIT).length,
          govt,
          inst,
          ss.length - govt - inst,
        ];
      }),
  };
  const outcomes: TNirfTable = {
    id: 'graduation',
    title: 'Placement, higher studies and median salary of the graduating batches',
    columns: [
      'Graduating year',
      'Students in the batch',
      'Graduated in minimum time',
      'Placed',
      'Median salary (₹)',
      'Higher studies',
    ],
    rows: three.map((yy) => {
      const g = graduating(f, yy);
      return [qualityYearLabel(yy), g.size, g.passed, g.placed, g.medianRupees, g.higher];
    }),
  };
  const staff = teachers(f, y);
  const faculty: TNirfTable = {
    id: 'faculty',
    title: `Full-time faculty ${qualityYearLabel(y)}`,
    columns: ['Emp code', 'Name', 'Department', 'Designation', 'Ph.D.', 'Date of joining', 'Experience (years)'],
    rows: staff.map((t) => {
      const e = experience(t.date_of_joining, y);
      return [
        t.emp_code,
        t.full_name,
        t.department,
        t.designation,
        t.phd ? 'Yes' : 'No',
        t.date_of_joining,
        e === null ? null : Math.floor(e),
      ];
    }),
  };
  const money: TNirfTable = {
    id: 'finance',
    title: 'Financial resources (₹ lakh)',
    columns: [
      'Financial year',
      'Capital: library',
      'Capital: equipment and buildings',
      'Operational: bills',
      'Operational: salaries (IQAC)',
      'Capital total',
      'Operational total',
    ],
    rows: three.map((yy) => {
      const fyy = fyOf(yy);
      const lib = f.copies.filter((c) => inYear(c.acquired_on, yy)).reduce((s, c) => s + c.price, 0);
      const paid = f.expenditure.filter((p) => p.fy === fyy);
      const cap = paid.filter((p) => isCapital(p.description)).reduce((s, p) => s + p.amount_paise, 0);
      const op = paid.filter((p) => !isCapital(p.description)).reduce((s, p) => s + p.amount_paise, 0);
      const sal = entered.get(yy)?.get('salaries_lakh')?.value ?? null;
      return [
        fyy,
        lakh(lib),
        lakh(cap),
        lakh(op),
        sal,
        lakh(lib + cap),
        sal === null ? null : Math.round((lakh(op) + sal) * 100) / 100,
      ];
    }),
  };
  const research: TNirfTable = {
    id: 'publications',
    title: 'Publications and citations (faculty records)',
    columns: ['Calendar year', 'Papers', 'Scopus-indexed', 'Citations'],
    rows: three.map((yy) => {
      const ps = f.publications.filter((p) => p.year === yy);
      return [String(yy), ps.length, ps.filter((p) => p.scopus_indexed).length, ps.reduce((s, p) => s + p.citations, 0)];
    }),
  };
  return [intake, strength, outcomes, faculty, money, research];
}

/** The engineering data capture for a year, its computable scores and the inputs still missing. */
export async function data(db: Database, collegeId: number, rawYear?: string): Promise<TNirfData> {
  const year = naac.yearOf(rawYear);
  const span = [year - 5, year - 4, year - 3, year - 2, year - 1, year];
  const [facts, nirfIn, naacIn] = await Promise.all([
    naac.loadFacts(db, collegeId),
    naac.enteredValues(db, collegeId, 'nirf', span),
    naac.enteredValues(db, collegeId, 'naac', span),
  ]);
  const mine = nirfIn.get(year);
  const { values, undatedFaculty } = scoreInputs(facts, year, mine);
  const missing = new Set<string>();
  const scores: TNirfScore[] = NIRF_SCORES.map((s) => {
    const weight = mine?.get(`weight.${s.id}`)?.value ?? s.defaultWeight;
    const expr = naac.formulaOf(s.formula);
    const names = naac.formulaNames(expr);
    const vars: Record<string, number | null> = { weight };
    const inputs = names.map((n) => {
      const v =
        n === 'weight' ? { value: weight, source: 'iqac' as const } : (values[n] ?? { value: null, source: 'portal' as const });
      vars[n] = v.value;
      return { key: n, label: NIRF_INPUT_LABELS[n] ?? n, source: v.source, value: v.value, missing: v.value === null };
    });
    const r = naac.evaluate(expr, vars);
    const gaps = inputs
      .filter((i) => i.missing)
      .map((i) => (i.source === 'iqac' ? `${i.label} (enter in IQAC inputs)` : `${i.label} (no data in the portal)`));
    if (r.problem === 'division_by_zero') gaps.push('A divisor is zero (no students or faculty recorded)');
    if (s.id === 'FQE' && undatedFaculty) gaps.push(`${undatedFaculty} faculty have no date of joining`);
    gaps.forEach((g) => missing.add(g));
    return {
      id: s.id,
      parameter: s.parameter,
      title: s.title,
      formula: s.formula,
      weight,
      score: r.value,
      inputs,
      missing: gaps,
    };
  });
  if (naacIn.get(year)?.get('sanctioned_intake') === undefined)
    missing.add(`Sanctioned intake ${qualityYearLabel(year)} (enter in NAAC inputs)`);
  if (mine?.get('salaries_lakh') === undefined) missing.add(`Salaries paid ${qualityYearLabel(year)} (enter in NIRF inputs)`);
  return {
    year,
    label: qualityYearLabel(year),
    category: NIRF_CATEGORY,
    tables: tables(facts, year, naacInWithNirf(naacIn, nirfIn)),
    scores,
    missing: [...missing],
  };
}

/** Sanctioned intake comes from the NAAC inputs, salaries from the NIRF inputs: one map for the tables. */
function naacInWithNirf(
  naacIn: Map<number, Map<string, { value: number; note: string }>>,
  nirfIn: Map<number, Map<string, { value: number; note: string }>>,
) {
  const out = new Map<number, Map<string, { value: number; note: string }>>();
  for (const src of [naacIn, nirfIn]) for (const [y, m] of src) out.set(y, new Map([...(out.get(y) ?? new Map()), ...m]));
  return out;
}

export const nirfFields = (db: Database, collegeId: number, rawYear?: string) =>
  naac.fieldsFor(db, collegeId, 'nirf', NIRF_FIELDS, rawYear);
export const saveNirfFields = (db: Database, user: RequestUser, body: TQualityFieldsSave) =>
  naac.saveFields(db, user, 'nirf', NIRF_FIELDS, body);
