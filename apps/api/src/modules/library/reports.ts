import { sql } from 'kysely';
import { newWorkbook } from '../../lib/libraries.js';
import { MAX_DAY_SPAN, type TLibraryReport } from '@erp/shared';
import { addDays, checkDayRange, eachDay } from '../../lib/clock.js';
import { workingDaysBetween } from '../calendar/index.js';
import * as circulationRepo from './circulation.repo.js';
import * as finesRepo from './fines.repo.js';
import * as reportsRepo from './reports.repo.js';
import type { Db } from '../../db/index.js';
import { findPatron, todayIso } from './patrons.js';
import { loanViews } from './views.js';

/** Circulation per day and month, most borrowed titles, collection by subject, NAAC 4.2 figures, and the overdue list. */
export async function report(db: Db, collegeId: number, q: { from?: string; to?: string }): Promise<TLibraryReport> {
  const to = q.to ?? todayIso();
  const from = q.from ?? addDays(to, -29);
  // One row per day follows: a bounded range, whichever end the caller left to the default.
  checkDayRange(from, to, MAX_DAY_SPAN);
  const count = (n: unknown) => Number(n ?? 0);
  const [journals, references, issuedPerDay, returnedPerDay, perMonth, top, subjects, figures] =
    await Promise.all([
      db
        .selectFrom('library_titles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('college_id', '=', collegeId)
        .where('item_type', '=', 'journal')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('library_titles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('college_id', '=', collegeId)
        .where('item_type', '=', 'reference')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('library_loans')
        .select(['issued_on as d', (eb) => eb.fn.countAll().as('n')])
        .where('college_id', '=', collegeId)
        .where('issued_on', '>=', from)
        .where('issued_on', '<=', to)
        .groupBy('issued_on')
        .execute(),
      db
        .selectFrom('library_loans')
        .select(['returned_on as d', (eb) => eb.fn.countAll().as('n')])
        .where('college_id', '=', collegeId)
        .where('returned_on', '>=', from)
        .where('returned_on', '<=', to)
        .groupBy('returned_on')
        .execute(),
      db
        .selectFrom('library_loans')
        .select([sql<string>`substr(issued_on, 1, 7)`.as('m'), (eb) => eb.fn.countAll().as('n')])
        .where('college_id', '=', collegeId)
        .where('issued_on', '>=', `${addDays(to, -365).slice(0, 7)}-01`)
        .groupBy(sql`substr(issued_on, 1, 7)`)
        .orderBy(sql`substr(issued_on, 1, 7)`)
        .execute(),
      db
        .selectFrom('library_loans')
        .innerJoin('library_titles', 'library_titles.id', 'library_loans.title_id')
        .select(['library_titles.id', 'library_titles.title', (eb) => eb.fn.countAll().as('n')])
        .where('library_loans.college_id', '=', collegeId)
        .where('library_loans.issued_on', '>=', from)
        .where('library_loans.issued_on', '<=', to)
        .groupBy(['library_titles.id', 'library_titles.title'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('library_titles.title')
        .limit(10)
        .execute(),
      db
        .selectFrom('library_titles')
        .leftJoin('library_copies', 'library_copies.title_id', 'library_titles.id')
        .select([
          sql<string>`CASE WHEN library_titles.subjects = '' THEN 'Unclassified' ELSE library_titles.subjects END`.as('s'),
          (eb) => eb.fn.count('library_titles.id').distinct().as('t'),
          (eb) => eb.fn.count('library_copies.id').as('v'),
        ])
        .where('library_titles.college_id', '=', collegeId)
        .groupBy(sql`CASE WHEN library_titles.subjects = '' THEN 'Unclassified' ELSE library_titles.subjects END`)
        .orderBy(sql`count(library_copies.id)`, 'desc')
        .limit(30)
        .execute(),
      reportsRepo.stats(db, collegeId, todayIso()),
    ]);
  const issued = new Map(issuedPerDay.map((r) => [r.d, count(r.n)]));
  const returned = new Map(returnedPerDay.map((r) => [r.d as string, count(r.n)]));
  const perDay = [];
  for (const d of eachDay(from, to, MAX_DAY_SPAN))
    perDay.push({ date: d, issued: issued.get(d) ?? 0, returned: returned.get(d) ?? 0 });
  const loansInPeriod = [...issued.values()].reduce((s, n) => s + n, 0);
  const workingDays = await workingDaysBetween(db, collegeId, addDays(from, -1), to);
  return {
    naac: {
      // Titles and volumes are the desk's own counts (reportsRepo.stats), not counted again here.
      titles: figures.titles,
      volumes: figures.copies,
      journals: count(journals.n),
      references: count(references.n),
      loansInPeriod,
      workingDays,
      usagePerDay: workingDays ? Math.round((loansInPeriod / workingDays) * 10) / 10 : 0,
    },
    perDay,
    perMonth: perMonth.map((r) => ({ month: r.m, issued: count(r.n) })),
    topTitles: top.map((r) => ({ titleId: r.id, title: r.title, loans: count(r.n) })),
    bySubject: subjects.map((r) => ({ subject: r.s, titles: count(r.t), volumes: count(r.v) })),
    overdue: figures.overdue,
    unpaidFines: await finesRepo.unpaidTotal(db, collegeId, {}),
  };
}

/** The overdue list for follow-up: who, what, since when, the fine so far and a contact number. */
export async function overdueWorkbook(db: Db, collegeId: number): Promise<Buffer> {
  const rows = await circulationRepo.overdueLoans(db, collegeId, todayIso(), 20_000);
  const loans = await loanViews(db, collegeId, rows);
  const wb = await newWorkbook();
  wb.creator = 'College ERP portal';
  const ws = wb.addWorksheet('Overdue', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'Roll No / Emp Code', key: 'patron', width: 18 },
    { header: 'Name', key: 'name', width: 26 },
    { header: 'Contact', key: 'contact', width: 28 },
    { header: 'Accession No', key: 'acc', width: 14 },
    { header: 'Title', key: 'title', width: 40 },
    { header: 'Issued', key: 'issued', width: 12 },
    { header: 'Due', key: 'due', width: 12 },
    { header: 'Overdue days', key: 'days', width: 13 },
    { header: 'Fine so far (₹)', key: 'fine', width: 15 },
  ];
  ws.getRow(1).font = { bold: true };
  const contacts = new Map<string, string>();
  const dmy = (d: string) => d.split('-').reverse().join('-');
  for (const l of loans) {
    if (!contacts.has(l.patron)) contacts.set(l.patron, (await findPatron(db, collegeId, l.patron))?.contact ?? '');
    ws.addRow({
      patron: l.patron,
      name: l.patronName,
      contact: contacts.get(l.patron),
      acc: l.accessionNo,
      title: l.title,
      issued: dmy(l.issuedOn),
      due: dmy(l.dueOn),
      days: l.overdueDays,
      fine: l.fine / 100,
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Read-only inputs for IQAC's NAAC and NIRF figures: copies acquired (with cost) and loans per month. */
export async function naacInputs(db: Db, collegeId: number) {
  const [copies, loans] = await Promise.all([reportsRepo.naacCopies(db, collegeId), reportsRepo.naacLoansByMonth(db, collegeId)]);
  return {
    copies: copies.map((c) => ({ ...c, price: Number(c.price) })),
    loansByMonth: loans.map((l) => ({ month: l.month, loans: Number(l.loans) })),
  };
}
