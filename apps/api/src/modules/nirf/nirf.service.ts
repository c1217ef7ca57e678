import {
  qualityYearLabel,
  type TNirfData,
  type TNirfHead,
  type TNirfScore,
  type TNirfTable,
  type TQualityFieldsSave,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import type { RequestUser } from '../../plugins/types.js';
import * as naac from '../naac/index.js';
import { batchYears } from '../masters/index.js';
import { enrolled, fyOf, isReserved, outgoing, teachers, yearEnd, yearStart } from '../naac/index.js';
import {
  CAPITAL_WORDS,
  ECONOMIC_INCOME_LIMIT,
  NIRF_AVERAGES,
  NIRF_CATEGORY,
  NIRF_FIELDS,
  NIRF_HEADS,
  NIRF_INPUT_LABELS,
  NIRF_SCORES,
  type ScoreDefinition,
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

/**
 * The graduating batch of year y: its size; who passed in the stipulated time (results held, none
 * still failed); placed and higher studies; median salary; and the approved (sanctioned) intake of
 * its first year, the denominator NIRF's Ng takes (the intakes of the batches' first years summed
 * when batches of two programmes graduate together).
 */
function graduating(f: Facts, y: number, intakeOf: (year: number) => number | null) {
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
  const firstYears = [...new Set(batch.map((s) => batchYears(s.batch)![0]))].sort();
  const intakes = firstYears.map(intakeOf);
  return {
    size: batch.length,
    passed: passed.length,
    placed: firstOffer.size,
    higher: higher.size,
    medianRupees: salary === null ? null : Math.round(salary / 100),
    firstYears,
    intake: intakes.every((v) => v !== null) ? (intakes as number[]).reduce((a, b) => a + b, 0) : null,
    intakeMissing: firstYears.filter((_, i) => intakes[i] === null),
  };
}

/** Has a Ph.D. or a master's degree: NIRF counts these faculty, not those with a bachelor's degree only. */
const PG_DEGREE = /\b(ph\.?\s?d|m\.?\s?(tech|e|s|sc|phil|ca|ba|a|com|pharm|arch|des|ed)\b\.?|master)/i;
const countsAsFaculty = (t: { phd: number; qualification: string }) => !!t.phd || PG_DEGREE.test(t.qualification ?? '');

/** Years of study of the longest programme on the rolls in year y (4 for B.Tech), from the batches. */
function yearsOfStudy(f: Facts, y: number): number | null {
  const spans = enrolled(f, y).map((s) => {
    const b = batchYears(s.batch)!;
    return b[1] - b[0];
  });
  return spans.length ? Math.max(...spans) : null;
}

type Entered = Map<string, { value: number; note: string }>;
/** A figure of a year; `gap` says why it is missing, where the label alone would not. */
type Figure = { value: number | null; source: 'portal' | 'iqac'; gap?: string };
const round2 = (n: number) => Math.round(n * 100) / 100;
const mean = (values: Array<number | null>) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
};

/** Expenditure of year y in paise: library copies and capital bills; operational bills. */
function spending(f: Facts, y: number) {
  const fy = fyOf(y);
  const lib = f.copies.filter((c) => inYear(c.acquired_on, y)).reduce((s, c) => s + c.price, 0);
  const paid = f.expenditure.filter((p) => p.fy === fy);
  const cap = paid.filter((p) => isCapital(p.description)).reduce((s, p) => s + p.amount_paise, 0);
  const op = paid.filter((p) => !isCapital(p.description)).reduce((s, p) => s + p.amount_paise, 0);
  return { lib, cap, op };
}

/**
 * Every figure of year y: the scores' inputs and the three-year figures (sanctioned intake from
 * the NAAC inputs, salaries and IQAC's figures from the NIRF inputs of that year).
 */
function yearFigures(f: Facts, y: number, nirfIn: EnteredByYear, naacIn: EnteredByYear): Record<string, Figure> {
  const { values } = scoreInputs(f, y, nirfIn, naacIn);
  const students = values.students_total.value ?? 0;
  const money = spending(f, y);
  const salariesLakh = nirfIn.get(y)?.get('salaries_lakh')?.value ?? null;
  const perStudent = (rupees: number | null) => (rupees === null || !students ? null : round2(rupees / students));
  return {
    ...values,
    sanctioned_intake: { value: naacIn.get(y)?.get('sanctioned_intake')?.value ?? null, source: 'iqac' },
    capital_per_student: { value: perStudent((money.lib + money.cap) / 100), source: 'portal' },
    operational_per_student: {
      value: perStudent(salariesLakh === null ? null : money.op / 100 + salariesLakh * 100_000),
      source: salariesLakh === null ? 'iqac' : 'portal',
    },
    median_salary: { value: graduating(f, y, intakeIn(naacIn)).medianRupees, source: 'portal' },
  };
}

/** Why a figure of a year is missing, in words that say where to fill it. */
function gapOf(key: string, label: string, y: number, figure?: Figure): string {
  if (figure?.gap) return figure.gap;
  const yl = qualityYearLabel(y);
  if (key === 'sanctioned_intake' || key === 'sanctioned_total') return `Sanctioned intake ${yl} (enter in NAAC inputs)`;
  if (key === 'operational_per_student') return `Salaries paid ${yl} (enter in NIRF inputs)`;
  if (['graduated_percent', 'placed_percent', 'higher_studies_percent', 'median_salary'].includes(key))
    return `${label} ${yl} (no graduating batch in the portal)`;
  return `${label} ${yl} (no data in the portal)`;
}

type EnteredByYear = Map<number, Entered>;
const intakeIn = (naacIn: EnteredByYear) => (year: number) => naacIn.get(year)?.get('sanctioned_intake')?.value ?? null;

/** Inputs of the scores for year y, portal's and IQAC's. */
function scoreInputs(f: Facts, y: number, nirfIn: EnteredByYear, naacIn: EnteredByYear) {
  const yl = qualityYearLabel(y);
  const entered = nirfIn.get(y);
  const onRolls = enrolled(f, y);
  const staff = teachers(f, y);
  const counted = staff.filter(countsAsFaculty);
  const exp = counted.map((t) => experience(t.date_of_joining, y));
  const known = exp.filter((e): e is number => e !== null);
  const g = graduating(f, y, intakeIn(naacIn));
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
  const intake = intakeIn(naacIn)(y);
  const span = yearsOfStudy(f, y);
  // NT: the year's sanctioned (first-year) intake over every year of study of the programme.
  const sanctionedTotal: Figure =
    intake === null
      ? { value: null, source: 'iqac', gap: `Sanctioned intake ${yl} (enter in NAAC inputs)` }
      : span === null
        ? { value: null, source: 'iqac', gap: `Students on the rolls ${yl} (no batch to tell the years of study)` }
        : { value: intake * span, source: 'iqac' };
  // Ng: passed in the stipulated time, as a percentage of the approved intake of the batch's first year.
  const graduated: Figure = !g.size
    ? { value: null, source: 'portal' }
    : g.intake === null
      ? {
          value: null,
          source: 'iqac',
          gap: `Sanctioned intake ${g.intakeMissing.map(qualityYearLabel).join(', ')} (enter in NAAC inputs: the first year of the batch graduating in ${yl})`,
        }
      : { value: pct(g.passed, g.intake), source: 'portal' };
  // Np, Nhs: of the students graduating in the stipulated time (none graduating: none placed).
  const ofGraduating = (n: number): Figure =>
    !g.size ? { value: null, source: 'portal' } : { value: pct(n, g.passed) ?? 0, source: 'portal' };
  const values: Record<string, Figure> = {
    faculty: { value: counted.length, source: 'portal' },
    phd_faculty: { value: counted.filter((t) => t.phd).length, source: 'portal' },
    sanctioned_total: sanctionedTotal,
    phd_scholars: { value: iq('phd_scholars') ?? 0, source: 'iqac' },
    students_total: { value: onRolls.length, source: 'portal' },
    exp_upto8_fraction: { value: known.length ? known.filter((e) => e <= 8).length / known.length : null, source: 'portal' },
    exp_8to15_fraction: {
      value: known.length ? known.filter((e) => e > 8 && e <= 15).length / known.length : null,
      source: 'portal',
    },
    exp_above15_fraction: { value: known.length ? known.filter((e) => e > 15).length / known.length : null, source: 'portal' },
    graduated_percent: graduated,
    placed_percent: ofGraduating(g.placed),
    higher_studies_percent: ofGraduating(g.higher),
    other_states: { value: iq('other_states'), source: 'iqac' },
    other_countries: { value: foreign, source: 'portal' },
    women_students_percent: { value: pct(women, onRolls.length), source: 'portal' },
    women_faculty_percent: { value: womenFaculty === null ? null : pct(womenFaculty, staff.length), source: 'iqac' },
    escs_percent: { value: pct(reimbursed.size, onRolls.length), source: 'portal' },
  };
  return { values, undatedFaculty: exp.length - known.length, notCounted: staff.length - counted.length };
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
      'Sanctioned intake of its first year',
      'Students in the batch',
      'Graduated in minimum time',
      'Placed',
      'Median salary (₹)',
      'Higher studies',
    ],
    rows: three.map((yy) => {
      const g = graduating(f, yy, (year) => entered.get(year)?.get('sanctioned_intake')?.value ?? null);
      return [qualityYearLabel(yy), g.size ? g.intake : null, g.size, g.passed, g.placed, g.medianRupees, g.higher];
    }),
  };
  const staff = teachers(f, y);
  const faculty: TNirfTable = {
    id: 'faculty',
    title: `Full-time faculty ${qualityYearLabel(y)}`,
    columns: [
      'Emp code',
      'Name',
      'Department',
      'Designation',
      'Qualification',
      'Ph.D.',
      'Counted (Ph.D. or master’s)',
      'Date of joining',
      'Experience (years)',
    ],
    rows: staff.map((t) => {
      const e = experience(t.date_of_joining, y);
      return [
        t.emp_code,
        t.full_name,
        t.department,
        t.designation,
        t.qualification,
        t.phd ? 'Yes' : 'No',
        countsAsFaculty(t) ? 'Yes' : 'No',
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
      const { lib, cap, op } = spending(f, yy);
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

const fmt = (v: number | null) => (v === null ? 'missing' : v.toLocaleString('en-IN', { maximumFractionDigits: 2 }));

/**
 * One line per score: the published formula with the year's marks, then each symbol beside its
 * value (N = NT + NP worked out where the formula uses it), then the score.
 */
function workingsOf(
  s: ScoreDefinition,
  weight: number,
  vars: Record<string, number | null>,
  score: number | null,
  zeroed: boolean,
) {
  const methodology = s.methodology.replaceAll('{w}', String(weight));
  const averaged = new Set(s.averaged ?? []);
  const parts = Object.entries(s.symbols).map(
    ([key, sym]) => `${sym} = ${fmt(vars[key] ?? null)}${averaged.has(key) ? ' (3-year mean)' : ''}`,
  );
  if ('sanctioned_total' in s.symbols) {
    const nt = vars.sanctioned_total ?? null;
    const np = vars.phd_scholars ?? null;
    parts.push(`N = NT + NP = ${nt === null || np === null ? 'missing' : fmt(round2(nt + np))}`);
  }
  const result = score === null ? 'not computable' : zeroed ? `0 (${s.zeroBelow!.words})` : fmt(score);
  const scaled =
    s.id === 'RD' || s.id === 'WD' || s.id === 'FQE'
      ? weight === s.defaultWeight
        ? ''
        : `, × ${weight}/${s.defaultWeight}`
      : '';
  return { methodology, workings: `${methodology}${scaled} where ${parts.join(', ')}: ${result}` };
}

/**
 * The engineering data capture for a year, its computable scores and the inputs still missing.
 * The scores NIRF bases on three years (FSR, FQE, GUE, GPH) take the mean of the data year and the
 * two before it (for graduation outcomes: their three graduating batches), over the years that
 * have the figure; every missing year is named.
 */
export async function data(db: Database, collegeId: number, rawYear?: string): Promise<TNirfData> {
  const year = naac.yearOf(rawYear);
  // Back to the first year of a five-year programme graduating two years before the data year.
  const span = Array.from({ length: 8 }, (_, i) => year - 7 + i);
  const three = [year - 2, year - 1, year];
  const [facts, nirfIn, naacIn] = await Promise.all([
    naac.loadFacts(db, collegeId),
    naac.enteredValues(db, collegeId, 'nirf', span),
    naac.enteredValues(db, collegeId, 'naac', span),
  ]);
  const mine = nirfIn.get(year);
  const { values, undatedFaculty, notCounted } = scoreInputs(facts, year, nirfIn, naacIn);
  const byYear = new Map(three.map((y) => [y, yearFigures(facts, y, nirfIn, naacIn)]));
  const gapsByYear = new Map<number, Set<string>>(three.map((y) => [y, new Set()]));
  const gap = (y: number, text: string) => gapsByYear.get(y)!.add(text);
  const labelOf = (n: string) => NIRF_INPUT_LABELS[n] ?? NIRF_AVERAGES.find((a) => a.key === n)?.label ?? n;
  const scores: TNirfScore[] = NIRF_SCORES.map((s) => {
    const weight = mine?.get(`weight.${s.id}`)?.value ?? s.defaultWeight;
    const expr = naac.formulaOf(s.formula);
    const names = naac.formulaNames(expr);
    const averaged = new Set(s.averaged ?? []);
    const vars: Record<string, number | null> = { weight };
    const gaps: string[] = [];
    const note = (y: number, text: string) => {
      gaps.push(text);
      gap(y, text);
    };
    const inputs = names.map((n) => {
      if (n === 'weight') {
        vars[n] = weight;
        return { key: n, label: labelOf(n), source: 'iqac' as const, value: weight, missing: false };
      }
      if (averaged.has(n)) {
        const avg = mean(three.map((y) => byYear.get(y)![n]?.value ?? null));
        vars[n] = avg;
        for (const y of three) {
          const fig = byYear.get(y)![n];
          if ((fig?.value ?? null) === null) note(y, gapOf(n, labelOf(n), y, fig));
        }
        const source = byYear.get(year)![n]?.source ?? 'portal';
        return {
          key: n,
          label: `${labelOf(n)}, 3-year average`,
          source,
          value: avg === null ? null : round2(avg),
          missing: avg === null,
        };
      }
      const v = values[n] ?? { value: null, source: 'portal' as const };
      vars[n] = v.value;
      if (v.value === null)
        note(year, v.source === 'iqac' ? `${labelOf(n)} (enter in IQAC inputs)` : `${labelOf(n)} (no data in the portal)`);
      return { key: n, label: labelOf(n), source: v.source, value: v.value, missing: v.value === null };
    });
    const r = naac.evaluate(expr, vars);
    if (r.problem === 'division_by_zero') note(year, 'A divisor is zero (no students or faculty recorded)');
    if (s.id === 'FQE' && undatedFaculty) note(year, `${undatedFaculty} faculty have no date of joining`);
    if (s.id === 'FSR' && notCounted)
      note(year, `${notCounted} faculty have no Ph.D. or master’s degree recorded (NIRF does not count them)`);
    // FSR is 0 below 1:50, whatever the formula gives.
    const ratio = s.zeroBelow ? naac.evaluate(naac.formulaOf(s.zeroBelow.ratio), vars) : null;
    const zeroed = !!ratio && r.value !== null && ratio.value !== null && ratio.value < s.zeroBelow!.min;
    const score = zeroed ? 0 : r.value;
    const perYear = averaged.size
      ? three.map((y) => ({
          year: y,
          label: qualityYearLabel(y),
          inputs: [...averaged].map((n) => {
            const v = byYear.get(y)![n] ?? { value: null, source: 'portal' as const };
            return { key: n, label: labelOf(n), source: v.source, value: v.value, missing: v.value === null };
          }),
        }))
      : [];
    return {
      id: s.id,
      parameter: s.parameter,
      title: s.title,
      formula: s.formula,
      ...workingsOf(s, weight, vars, score, zeroed),
      weight,
      score,
      inputs,
      perYear,
      missing: [...new Set(gaps)],
    };
  });
  // The three-year figures NIRF scores against every institution: their gaps are gaps too.
  for (const a of NIRF_AVERAGES)
    for (const y of three) {
      const fig = byYear.get(y)![a.key];
      if ((fig?.value ?? null) === null) gap(y, gapOf(a.key, a.label, y, fig));
    }
  const averages: TNirfTable = {
    id: 'averages',
    title: `Three-year figures ${qualityYearLabel(year - 2)} to ${qualityYearLabel(year)} and their averages`,
    columns: ['Figure', 'Used in', ...three.map(qualityYearLabel), 'Three-year average'],
    rows: NIRF_AVERAGES.map((a) => {
      const per = three.map((y) => byYear.get(y)![a.key]?.value ?? null);
      const avg = mean(per);
      return [a.label, a.usedIn, ...per.map((v) => (v === null ? null : round2(v))), avg === null ? null : round2(avg)];
    }),
  };
  const missingByYear = three
    .map((y) => ({ year: y, label: qualityYearLabel(y), missing: [...gapsByYear.get(y)!] }))
    .filter((m) => m.missing.length);
  const scored = new Set(NIRF_SCORES.map((s) => s.id));
  const heads: TNirfHead[] = NIRF_HEADS.map((h) => ({
    ...h,
    marks: 100,
    parameters: h.parameters.map((p) => ({ ...p, scored: scored.has(p.id) })),
  }));
  return {
    year,
    label: qualityYearLabel(year),
    category: NIRF_CATEGORY,
    heads,
    tables: [...tables(facts, year, naacInWithNirf(naacIn, nirfIn)), averages],
    scores,
    missing: [...new Set(missingByYear.flatMap((m) => m.missing))],
    missingByYear,
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
