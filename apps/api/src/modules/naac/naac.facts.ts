import type { TQualityEvidence } from '@erp/shared';
import type { Database } from '../../db/index.js';
import * as accounts from '../accounts/index.js';
import * as admissions from '../admissions/index.js';
import * as faculty from '../faculty/index.js';
import * as grievances from '../grievances/index.js';
import * as library from '../library/index.js';
import { batchYears, onRollsInYear } from '../masters/index.js';
import * as placements from '../placements/index.js';
import * as results from '../results/index.js';
import { INPUT_LABELS, UNRESERVED_CATEGORIES } from './naac.framework.js';

/**
 * The portal's data the NAAC and NIRF figures read, loaded once per request through each owning
 * module's exported naacInputs(), then sliced per academic year in memory.
 */
export async function loadFacts(db: Database, collegeId: number) {
  const [adm, fac, res, sch, exp, lib, plc, grv] = await Promise.all([
    admissions.naacInputs(db, collegeId),
    faculty.naacInputs(db, collegeId),
    results.naacInputs(db, collegeId),
    accounts.scholarshipNaacInputs(db, collegeId),
    accounts.expenditureNaacInputs(db, collegeId),
    library.naacInputs(db, collegeId),
    placements.naacInputs(db, collegeId),
    grievances.naacInputs(db, collegeId),
  ]);
  return {
    students: adm.students,
    admissions: adm.admissions,
    faculty: fac.faculty,
    publications: fac.publications,
    results: new Map(res.map((r) => [r.rollNo, r])),
    scholarships: sch,
    expenditure: exp,
    copies: lib.copies,
    loansByMonth: lib.loansByMonth,
    offers: plc.offers,
    higherStudies: plc.higherStudies,
    grievances: grv,
  };
}
export type Facts = Awaited<ReturnType<typeof loadFacts>>;
export type Evidence = TQualityEvidence;

/** Academic year Y runs from 1 May Y to 30 April Y+1 (the shared academicYear() rule). */
export const yearStart = (y: number) => `${y}-05-01`;
export const yearEnd = (y: number) => `${y + 1}-04-30`;
const inYear = (date: string | null | undefined, y: number) =>
  !!date && date.slice(0, 10) >= yearStart(y) && date.slice(0, 10) <= yearEnd(y);
/** Accounts' financial-year label for the academic year (2025 → '2025-26'). */
export const fyOf = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;

const rupees = (paise: number) => (paise / 100).toFixed(2);
/** An input with its rows; the rows are only built when asked for (evidence and exports, not the metric table). */
const evidence =
  (withRows: boolean) =>
  (key: string, value: number | null, columns: string[], rows: () => string[][]): Evidence => ({
    key,
    label: INPUT_LABELS[key] ?? key,
    value,
    source: 'portal',
    columns,
    rows: withRows ? rows() : [],
  });

export const isReserved = (category: string) => !!category && !UNRESERVED_CATEGORIES.includes(category.trim().toUpperCase());

/** Students on the rolls during year y (the masters' rule). */
export function enrolled(f: Facts, y: number) {
  return f.students.filter((s) => onRollsInYear(s.batch, y));
}

/** The outgoing batch of year y: it ends in the summer after the year begins. */
export function outgoing(f: Facts, y: number) {
  return f.students.filter((s) => batchYears(s.batch)?.[1] === y + 1);
}

/** Teachers in service during year y: joined by the year's end, not retired (the register keeps no leaving date). */
export function teachers(f: Facts, y: number) {
  return f.faculty.filter((t) => !t.retired && (!t.date_of_joining || t.date_of_joining.slice(0, 10) <= yearEnd(y)));
}

/** Every portal input of year y, each with the rows it was counted from. */
export function portalInputs(f: Facts, y: number, withRows = true): Map<string, Evidence> {
  const ev = evidence(withRows);
  const out = new Map<string, Evidence>();
  const put = (e: Evidence) => out.set(e.key, e);
  const studentById = new Map(f.students.map((s) => [s.id, s]));

  const admitted = f.admissions.filter((a) => inYear(a.dateOfAdmission, y));
  const admCols = ['Admission no', 'Name', 'Course', 'Branch', 'Date of admission', 'Category'];
  const admRow = (a: (typeof admitted)[number]) => [a.admissionNo, a.name, a.course, a.branch, a.dateOfAdmission, a.category];
  put(ev('admitted', admitted.length, admCols, () => admitted.map(admRow)));
  const reserved = admitted.filter((a) => isReserved(a.category));
  put(ev('reserved_admitted', reserved.length, admCols, () => reserved.map(admRow)));

  const stuCols = ['Roll no', 'Name', 'Course', 'Batch', 'Branch', 'Gender'];
  const stuRow = (s: Facts['students'][number]) => [s.roll_no, s.full_name, s.course, s.batch, s.branch, s.gender];
  const onRolls = enrolled(f, y);
  put(ev('students_enrolled', onRolls.length, stuCols, () => onRolls.map(stuRow)));

  const staff = teachers(f, y);
  const facCols = ['Emp code', 'Name', 'Department', 'Designation', 'Qualification', 'Ph.D.', 'Date of joining'];
  const facRow = (t: Facts['faculty'][number]) => [
    t.emp_code,
    t.full_name,
    t.department,
    t.designation,
    t.qualification,
    t.phd ? 'Yes' : 'No',
    t.date_of_joining,
  ];
  put(ev('fulltime_teachers', staff.length, facCols, () => staff.map(facRow)));
  const phd = staff.filter((t) => t.phd);
  put(ev('teachers_phd', phd.length, facCols, () => phd.map(facRow)));

  const leaving = outgoing(f, y);
  const resCols = ['Roll no', 'Name', 'Branch', 'Results held', 'Still failed'];
  const withResults = leaving.filter((s) => (f.results.get(s.roll_no)?.results ?? 0) > 0);
  const resRow = (s: Facts['students'][number]) => {
    const r = f.results.get(s.roll_no);
    return [s.roll_no, s.full_name, s.branch, String(r?.results ?? 0), String(r?.failed ?? 0)];
  };
  put(ev('final_year_appeared', withResults.length, resCols, () => withResults.map(resRow)));
  const passed = withResults.filter((s) => (f.results.get(s.roll_no)?.failed ?? 0) === 0);
  put(ev('final_year_passed', passed.length, resCols, () => passed.map(resRow)));

  const pubs = f.publications.filter((p) => p.year === y);
  put(
    ev('publications', pubs.length, ['Title', 'Journal', 'Year', 'Author', 'Scopus', 'Citations'], () =>
      pubs.map((p) => [p.title, p.journal, String(p.year), p.full_name, p.scopus_indexed ? 'Yes' : 'No', String(p.citations)]),
    ),
  );

  const bought = f.copies.filter((c) => inYear(c.acquired_on, y));
  const spent = bought.reduce((s, c) => s + c.price, 0);
  put(
    ev(
      'library_expenditure_lakh',
      Math.round(spent / 1e3) / 1e4,
      ['Accession no', 'Title', 'Type', 'Vendor', 'Acquired on', 'Price (₹)'],
      () => bought.map((c) => [c.accession_no, c.title, c.item_type, c.vendor, c.acquired_on, rupees(c.price)]),
    ),
  );
  const months = f.loansByMonth.filter((m) => inYear(`${m.month}-01`, y)).sort((a, b) => a.month.localeCompare(b.month));
  put(
    ev(
      'library_loans',
      months.reduce((s, m) => s + m.loans, 0),
      ['Month', 'Loans'],
      () => months.map((m) => [m.month, String(m.loans)]),
    ),
  );

  const fy = fyOf(y);
  const grants = f.scholarships.filter((g) => g.fy === fy && studentById.has(g.studentId));
  const byStudent = new Map<number, typeof grants>();
  for (const g of grants) byStudent.set(g.studentId, [...(byStudent.get(g.studentId) ?? []), g]);
  put(
    ev('scholarship_students', byStudent.size, ['Roll no', 'Name', 'Scheme', 'Paid by', 'Amount (₹)'], () =>
      [...byStudent.entries()].map(([id, gs]) => {
        const s = studentById.get(id)!;
        return [
          s.roll_no,
          s.full_name,
          gs.map((g) => g.scheme).join('; '),
          [...new Set(gs.map((g) => g.payer))].join('; '),
          rupees(gs.reduce((t, g) => t + g.amountPaise, 0)),
        ];
      }),
    ),
  );

  const lodged = f.grievances.filter((g) => inYear(g.lodged_on, y));
  const grvCols = ['Number', 'Category', 'Lodged on', 'Due on', 'Status', 'Decided on'];
  const grvRow = (g: Facts['grievances'][number]) => [
    g.number,
    g.category,
    g.lodged_on,
    g.due_on,
    g.status,
    g.decided_at?.slice(0, 10) ?? '',
  ];
  put(ev('grievances_lodged', lodged.length, grvCols, () => lodged.map(grvRow)));
  const decided = lodged.filter((g) => g.status === 'resolved' || g.status === 'rejected');
  put(ev('grievances_resolved', decided.length, grvCols, () => decided.map(grvRow)));
  const inTime = decided.filter((g) => g.decided_at && g.decided_at.slice(0, 10) <= g.due_on);
  put(ev('grievances_in_time', inTime.length, grvCols, () => inTime.map(grvRow)));

  put(ev('outgoing_students', leaving.length, stuCols, () => leaving.map(stuRow)));
  const leavingIds = new Set(leaving.map((s) => s.id));
  const offers = f.offers.filter((o) => leavingIds.has(o.student_id));
  const placedIds = [...new Set(offers.map((o) => o.student_id))];
  put(
    ev('placed_students', placedIds.length, ['Roll no', 'Name', 'Branch', 'Company', 'CTC (₹)', 'Drive date'], () =>
      placedIds.map((id) => {
        const s = studentById.get(id)!;
        const os = offers.filter((o) => o.student_id === id);
        return [
          s.roll_no,
          s.full_name,
          s.branch,
          os.map((o) => o.company).join('; '),
          os.map((o) => rupees(o.ctc_paise)).join('; '),
          os[0].drive_date,
        ];
      }),
    ),
  );
  const hs = f.higherStudies.filter((h) => leavingIds.has(h.student_id));
  const hsIds = [...new Set(hs.map((h) => h.student_id))];
  put(
    ev('higher_studies', hsIds.length, ['Roll no', 'Name', 'Branch', 'Programme', 'Institution'], () =>
      hsIds.map((id) => {
        const s = studentById.get(id)!;
        const h = hs.find((x) => x.student_id === id)!;
        return [s.roll_no, s.full_name, s.branch, h.programme, h.institution];
      }),
    ),
  );
  return out;
}
