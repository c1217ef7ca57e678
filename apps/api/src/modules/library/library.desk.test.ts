import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { issue, LIB, newStudent, newStudentLogin, newTitle } from '../../../test/modules/library.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ALL_FIELDS = {
  title: 'Operating System Concepts',
  subtitle: 'International student edition',
  authors: 'Abraham Silberschatz; Peter B. Galvin',
  isbn: '0-306-40615-2',
  publisher: 'Wiley India',
  year: 2018,
  edition: '10th',
  subjects: 'Computer science; Operating systems',
  callNumber: '005.43 SIL',
  language: 'English',
  pages: 976,
  itemType: 'book',
};

const auditOf = (entity: string, entityId: string | number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'username', 'before_json', 'after_json'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();

const copiesOf = async (titleId: number) =>
  (await t.as('librarian', { method: 'GET', url: `${LIB}/titles/${titleId}` })).json().copyList as Array<{
    id: number;
    accessionNo: string;
    status: string;
  }>;
const setStatus = (copyId: number, payload: object, user = 'libraryassistant') =>
  t.as(user, { method: 'PUT', url: `${LIB}/copies/${copyId}`, payload });

describe('editing a title', () => {
  it('saves every catalogue field and audits only what changed, before and after, with who did it', async () => {
    const { id } = await newTitle(t, { title: 'Operating Systm Concept', subjects: 'Testing' });
    const res = await t.as('libraryassistant', { method: 'PUT', url: `${LIB}/titles/${id}`, payload: ALL_FIELDS });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Title saved');
    const saved = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles/${id}` })).json();
    expect(saved).toMatchObject({ ...ALL_FIELDS, isbn: '9780306406157' });

    const rows = await auditOf('library_title', id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'library.title.edit', username: 'libraryassistant' });
    expect(JSON.parse(rows[0].before_json!)).toEqual({
      title: 'Operating Systm Concept',
      subtitle: '',
      authors: 'Test Author',
      isbn: null,
      publisher: '',
      year: null,
      edition: '',
      subjects: 'Testing',
      callNumber: '',
      pages: null,
    });
    expect(JSON.parse(rows[0].after_json!)).toEqual({
      title: 'Operating System Concepts',
      subtitle: 'International student edition',
      authors: 'Abraham Silberschatz; Peter B. Galvin',
      isbn: '9780306406157',
      publisher: 'Wiley India',
      year: 2018,
      edition: '10th',
      subjects: 'Computer science; Operating systems',
      callNumber: '005.43 SIL',
      pages: 976,
    });

    // The same values again change nothing and leave no audit row.
    const again = await t.as('libraryassistant', { method: 'PUT', url: `${LIB}/titles/${id}`, payload: ALL_FIELDS });
    expect(again.json().message).toBe(LIBRARY_MSG.titleUnchanged);
    expect(await auditOf('library_title', id)).toHaveLength(1);
  });

  it("refuses a blank title, a bad ISBN or year, and another title's ISBN with the shared schema's messages, saving nothing", async () => {
    const { id } = await newTitle(t, { title: 'Kinematics Notes' });
    const other = await newTitle(t, { title: 'Holder of an ISBN', isbn: '978-0-13-110362-7' });
    const cases: Array<[object, number, string]> = [
      [{ ...ALL_FIELDS, title: '   ', isbn: '' }, 400, 'Title is required'],
      [{ ...ALL_FIELDS, isbn: '0-306-40615-3' }, 400, LIBRARY_MSG.badIsbn],
      [{ ...ALL_FIELDS, isbn: '', year: 99 }, 400, 'Year is not valid'],
      [{ ...ALL_FIELDS, isbn: '', itemType: 'scroll' }, 400, 'Item type must be book, reference, journal or cd'],
      [{ ...ALL_FIELDS, isbn: '9780131103627' }, 409, 'ISBN 9780131103627 belongs to another title: "Holder of an ISBN"'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await t.as('librarian', { method: 'PUT', url: `${LIB}/titles/${id}`, payload });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const kept = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles/${id}` })).json();
    expect(kept).toMatchObject({ title: 'Kinematics Notes', isbn: null, year: null });
    expect(await auditOf('library_title', id)).toEqual([]);
    expect(other.id).not.toBe(id);
    const missing = await t.as('librarian', { method: 'PUT', url: `${LIB}/titles/999999`, payload: { ...ALL_FIELDS, isbn: '' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(LIBRARY_MSG.titleNotFound);
    const student = await newStudentLogin(t);
    expect((await t.as(student, { method: 'PUT', url: `${LIB}/titles/${id}`, payload: ALL_FIELDS })).statusCode).toBe(403);
  });
});

describe('withdrawn, damaged and lost copies', () => {
  it('refuses to withdraw a copy on loan; withdraws one on the shelf, which leaves the OPAC’s counts', async () => {
    const { id, accessions } = await newTitle(t, { title: 'Withdrawal Drill', copies: 2 });
    const [onLoan, onShelf] = await copiesOf(id);
    expect((await issue(t, await newStudent(t), accessions[0])).statusCode).toBe(200);

    const refused = await setStatus(onLoan.id, { status: 'withdrawn', note: 'Worn out' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LIBRARY_MSG.withdrawOnLoan);
    expect((await copiesOf(id))[0].status).toBe('on_loan');
    expect(await auditOf('library_copy', onLoan.accessionNo)).toEqual([]);

    const done = await setStatus(onShelf.id, { status: 'withdrawn', note: 'Worn out' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'withdrawn',
      message: `Copy ${onShelf.accessionNo} is withdrawn: it no longer counts in the catalogue or the OPAC`,
    });
    // The catalogue still lists it (as withdrawn); the OPAC counts neither it nor, now, a copy on the shelf.
    expect((await copiesOf(id)).map((c) => c.status)).toEqual(['on_loan', 'withdrawn']);
    const page = (await t.app.inject({ method: 'GET', url: `${LIB}/opac/titles/${id}` })).json();
    expect(page).toMatchObject({ copies: 1, available: 0 });
    expect(page.copyList.map((c: { accessionNo: string }) => c.accessionNo)).toEqual([onLoan.accessionNo]);
    const rows = await auditOf('library_copy', onShelf.accessionNo);
    expect(rows.map((r) => [r.action, JSON.parse(r.before_json!).status, JSON.parse(r.after_json!).note])).toEqual([
      ['library.copy.status', 'available', 'Worn out'],
    ]);
  });

  it('a damaged copy still counts in the collection but is not available, and cannot be issued', async () => {
    const { id, accessions } = await newTitle(t, { title: 'Damage Drill', copies: 2 });
    const [first] = await copiesOf(id);
    const res = await setStatus(first.id, { status: 'damaged', note: 'Water damage' });
    expect(res.json().message).toBe(`Copy ${first.accessionNo} is marked damaged: not for loan until it is back on the shelf`);
    const list = (await t.app.inject({ method: 'GET', url: `${LIB}/opac?q=${encodeURIComponent('damage drill')}` })).json();
    expect(list.items[0]).toMatchObject({ id, copies: 2, available: 1 });
    const refused = await issue(t, await newStudent(t), accessions[0]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${LIBRARY_MSG.notAvailable} (Damaged)`);
  });

  it('a copy on the shelf marked lost charges nobody', async () => {
    const { id } = await newTitle(t, { title: 'Shelf Loss Drill', copies: 1 });
    const [copy] = await copiesOf(id);
    const fines = () => t.db.selectFrom('library_fines').select('id').execute();
    const before = (await fines()).length;
    const res = await setStatus(copy.id, { status: 'lost' });
    expect(res.json()).toMatchObject({
      status: 'lost',
      message: `Copy ${copy.accessionNo} is marked lost (it was not on loan: nobody is charged)`,
    });
    expect((await fines()).length).toBe(before);
  });

  it('a copy on loan marked lost closes the loan and charges the borrower price + processing, as the desk does', async () => {
    // Price ₹500 and the UG rule's processing charge ₹100: ₹600.
    const { id, accessions } = await newTitle(t, { title: 'Loan Loss Drill', copies: 1, price: 50_000 });
    const [copy] = await copiesOf(id);
    const roll = await newStudent(t);
    const loan = await issue(t, roll, accessions[0]);
    expect(loan.statusCode).toBe(200);

    const mixed = await setStatus(copy.id, { status: 'lost', price: 70_000 });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(
      'Mark a copy on loan lost on its own: change its shelf, price or vendor in a separate edit',
    );

    const res = await setStatus(copy.id, { status: 'lost', note: 'Reported lost by the student' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'lost',
      message: `Copy ${copy.accessionNo} was on loan to Test Student ${roll} (${roll}). Marked lost: ₹600 due (price ₹500 + processing ₹100).`,
    });
    const closed = await t.db.selectFrom('library_loans').select('status').where('id', '=', loan.json().id).executeTakeFirstOrThrow();
    expect(closed.status).toBe('lost');
    const fine = await t.db
      .selectFrom('library_fines')
      .select(['amount', 'kind', 'status'])
      .where('loan_id', '=', loan.json().id)
      .executeTakeFirstOrThrow();
    expect(fine).toEqual({ amount: 60_000, kind: 'lost', status: 'unpaid' });
    const audited = await auditOf('library_loan', loan.json().id);
    expect(audited.map((r) => [r.action, JSON.parse(r.after_json!)])).toContainEqual([
      'library.lost',
      { fine: 60_000, note: 'Reported lost by the student' },
    ]);
  });
});

describe('holds placed at the desk', () => {
  /** A title whose only copy is on loan to someone else: a hold may be placed on it. */
  const titleOut = async (title: string) => {
    const made = await newTitle(t, { title, copies: 1 });
    const holder = await newStudent(t);
    expect((await issue(t, holder, made.accessions[0])).statusCode).toBe(200);
    return { id: made.id, holder };
  };
  const hold = (titleId: number, patron?: string) =>
    t.as('libraryassistant', { method: 'POST', url: `${LIB}/holds`, payload: { titleId, ...(patron !== undefined && { patron }) } });

  it('holds a title for any patron the desk names, and the module’s hold rules apply to them', async () => {
    const patron = await newStudent(t);
    const a = await titleOut('Desk Hold Alpha');
    const placed = await hold(a.id, patron.toLowerCase());
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ titleId: a.id, patron, status: 'waiting', position: 1 });

    // One hold per title.
    const twice = await hold(a.id, patron);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LIBRARY_MSG.holdExists);
    // Not for the patron who has the title on loan.
    const borrower = await hold(a.id, a.holder);
    expect(borrower.json().message).toBe(LIBRARY_MSG.holdOnLoan);
    // Not while a copy is on the shelf.
    const onShelf = await newTitle(t, { title: 'Desk Hold Shelf', copies: 1 });
    expect((await hold(onShelf.id, patron)).json().message).toBe(LIBRARY_MSG.holdAvailable);
    // Not on reference items.
    const reference = await newTitle(t, { title: 'Desk Hold Reference', itemType: 'reference', copies: 1 });
    expect((await hold(reference.id, patron)).json().message).toBe(LIBRARY_MSG.referenceNotForLoan);
    // The UG rule allows 3 holds.
    expect((await hold((await titleOut('Desk Hold Beta')).id, patron)).statusCode).toBe(200);
    expect((await hold((await titleOut('Desk Hold Gamma')).id, patron)).statusCode).toBe(200);
    const fourth = await hold((await titleOut('Desk Hold Delta')).id, patron);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().message).toBe(LIBRARY_MSG.holdLimit);
    // A patron whose course has ended may not hold.
    const ended = await newStudent(t, { batch: '2015-2019' });
    expect((await hold(a.id, ended)).json().message).toBe(LIBRARY_MSG.courseEnded);
  });

  it('names the patron it cannot find, and asks for one when none is given', async () => {
    const a = await titleOut('Desk Hold Epsilon');
    const unknown = await hold(a.id, 'NOSUCH99');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LIBRARY_MSG.patronNotFound);
    const none = await hold(a.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Scan or type the patron');
  });
});

describe('finding a patron at the desk', () => {
  it('finds students by the start of the roll number or any part of the name, exact codes first', async () => {
    const roll = await newStudent(t);
    const byRoll = await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons?q=${roll.slice(0, 7).toLowerCase()}` });
    expect(byRoll.statusCode).toBe(200);
    expect(byRoll.json().items).toContainEqual({
      code: roll,
      name: `Test Student ${roll}`,
      kind: 'student',
      detail: 'B.Tech · CSE · Sem I-I · 2026-2030',
    });
    const byName = await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons?q=${encodeURIComponent(`udent ${roll.slice(0, 6).toLowerCase()}`)}` });
    expect(byName.json().items.map((p: { code: string }) => p.code)).toEqual([roll]);
    const exact = await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons?q=${roll}` });
    expect(exact.json().items[0].code).toBe(roll);
    // "%" means itself, not "anything".
    expect((await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons?q=%25%25` })).json().items).toEqual([]);
    const short = await t.as('libraryassistant', { method: 'GET', url: `${LIB}/patrons?q=a` });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Type at least 2 letters of the roll number or name');
    const student = await newStudentLogin(t);
    expect((await t.as(student, { method: 'GET', url: `${LIB}/patrons?q=${roll}` })).statusCode).toBe(403);
  });
});

describe('the library’s counts', () => {
  it('are one figure on the desk, the dashboard and the statistics: a withdrawn copy leaves all of them', async () => {
    const stats = async () => (await t.as('librarian', { method: 'GET', url: `${LIB}/stats` })).json();
    const naac = async () => (await t.as('librarian', { method: 'GET', url: `${LIB}/reports` })).json().naac;
    const before = await stats();
    const { accessions } = await newTitle(t, { title: 'Counting Volumes in Practice', copies: 3 });
    const withdrawn = await t.db
      .updateTable('library_copies')
      .set({ status: 'withdrawn' })
      .where('accession_no', '=', accessions[0])
      .executeTakeFirst();
    expect(Number(withdrawn.numUpdatedRows)).toBe(1);
    const after = await stats();
    // One title more; three copies added, one of them withdrawn: two volumes more.
    expect(after.titles).toBe(before.titles + 1);
    expect(after.copies).toBe(before.copies + 2);
    expect(await naac()).toMatchObject({ titles: after.titles, volumes: after.copies });
  });
});
