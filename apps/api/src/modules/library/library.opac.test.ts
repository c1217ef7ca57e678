import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { collegeId } from '../../../test/builders.js';
import { giveBack, issue, LIB, newStudent, newTitle } from '../../../test/modules/library.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Item = { id: number; title: string; itemType: string; year: number | null; subjects: string; available: number };
const opac = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${LIB}/opac?${query}` });
  return { status: res.statusCode, body: res.json() as { total: number; capped: boolean; items: Item[]; message?: string } };
};

/** Titles written straight to the database (fields the API's builder leaves out: year, subtitle...). */
async function insertTitles(rows: Array<{ title: string; subjects?: string; authors?: string; year?: number; itemType?: string }>) {
  const college = await collegeId(t.db);
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 50) {
    const inserted = await t.db
      .insertInto('library_titles')
      .values(
        rows.slice(i, i + 50).map((r) => ({
          college_id: college,
          title: r.title,
          subtitle: '',
          authors: r.authors ?? 'Test Author',
          isbn: null,
          publisher: '',
          year: r.year ?? null,
          edition: '',
          subjects: r.subjects ?? '',
          call_number: '',
          language: 'English',
          pages: null,
          item_type: r.itemType ?? 'book',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

describe('OPAC relevance', () => {
  it('lists "Operating System Concepts" first for "operating system": phrase in title, then all words in title, then elsewhere', async () => {
    // The seeded catalogue holds a score of "... Operating Systems" titles, which A–Z put first.
    const [concepts, manual, networks, zebra] = await insertTitles([
      { title: 'Operating System Concepts', authors: 'Silberschatz; Galvin', subjects: 'Computer science' },
      { title: 'Aardvark System and Operating Manual', subjects: 'Manuals' },
      { title: 'Aardvark Networks', subjects: 'Operating systems; Networks' },
      { title: 'Zebra Handbook', authors: 'Operating Systemsson' },
    ]);
    const { status, body } = await opac(`q=${encodeURIComponent('operating system')}&pageSize=100`);
    expect(status).toBe(200);
    const ids = body.items.map((i) => i.id);
    expect(ids[0]).toBe(concepts);
    // Every title holding both words comes before the titles matched by subject or author only.
    const inTitle = body.items.filter((i) => /operating/i.test(i.title) && /system/i.test(i.title));
    expect(inTitle.length).toBeGreaterThan(2);
    expect(ids.slice(0, inTitle.length).sort()).toEqual(inTitle.map((i) => i.id).sort());
    expect(ids.indexOf(manual)).toBeLessThan(inTitle.length);
    expect(ids.indexOf(networks)).toBe(inTitle.length);
    expect(ids.indexOf(zebra)).toBe(inTitle.length + 1);
    // A–Z within the second tier, ignoring case.
    const second = inTitle.slice(1).map((i) => i.title.toLowerCase());
    expect(second).toEqual([...second].sort());
  });

  it('ranks the title match first even past the cap of 1,000, where matches are read in index order', async () => {
    const bySubject = await insertTitles(
      Array.from({ length: 1050 }, (_, i) => ({ title: `Quillwort Study ${i}`, subjects: 'Xylophagous beetles' })),
    );
    const [inTitle] = await insertTitles([{ title: 'Xylophagous Beetles of India' }]);
    const { body } = await opac(`q=xylophagous&pageSize=5`);
    expect(body.capped).toBe(true);
    expect(body.total).toBe(1000);
    expect(body.items[0].id).toBe(inTitle);
    expect(bySubject).toContain(body.items[1].id);
  });
});

describe('OPAC filters', () => {
  let journal: number, book2015: number, book2020: number, copy2020: string;
  beforeAll(async () => {
    journal = (await newTitle(t, { title: 'Quasar Letters', itemType: 'journal', subjects: 'Astro physics' })).id;
    book2015 = (await newTitle(t, { title: 'Quasar Hunting', subjects: 'Astro physics; Telescopes' })).id;
    const b = await newTitle(t, { title: 'Quasar Radio Maps', subjects: 'Radio astronomy' });
    book2020 = b.id;
    copy2020 = b.accessions[0];
    await t.db.updateTable('library_titles').set({ year: 2001 }).where('id', '=', journal).execute();
    await t.db.updateTable('library_titles').set({ year: 2015 }).where('id', '=', book2015).execute();
    await t.db.updateTable('library_titles').set({ year: 2020 }).where('id', '=', book2020).execute();
  });
  const ids = async (query: string) => (await opac(`q=quasar&${query}`)).body.items.map((i) => i.id).sort();

  it('narrows by item type, subject and year range', async () => {
    expect(await ids('')).toEqual([journal, book2015, book2020].sort());
    expect(await ids('type=journal')).toEqual([journal]);
    expect(await ids('type=book')).toEqual([book2015, book2020].sort());
    expect(await ids(`subject=${encodeURIComponent('Astro physics')}`)).toEqual([journal, book2015].sort());
    expect(await ids('yearFrom=2010&yearTo=2016')).toEqual([book2015]);
    expect(await ids('yearFrom=2015')).toEqual([book2015, book2020].sort());
    expect(await ids('yearTo=2015&type=book')).toEqual([book2015]);
    // An empty value is no filter.
    expect(await ids('type=&subject=&yearFrom=&yearTo=&available=')).toEqual([journal, book2015, book2020].sort());
    // A subject alone, with no words: the filter drives the search.
    const bySubject = await opac(`subject=${encodeURIComponent('Radio astronomy')}`);
    expect(bySubject.body.items.map((i) => i.id)).toEqual([book2020]);
  });

  it('"on the shelf now" is read fresh on each search: a loan takes the title out, its return puts it back', async () => {
    expect(await ids('available=true')).toContain(book2020);
    const patron = await newStudent(t);
    expect((await issue(t, patron, copy2020)).statusCode).toBe(200);
    expect(await ids('available=true')).toEqual([journal, book2015].sort());
    expect((await opac('q=quasar&available=true')).body.total).toBe(2);
    expect(await ids('available=false')).toContain(book2020);
    expect((await giveBack(t, copy2020)).statusCode).toBe(200);
    expect(await ids('available=true')).toContain(book2020);
  });

  it('refuses filters that make no sense with a message', async () => {
    const range = await opac('yearFrom=2020&yearTo=2010');
    expect(range.status).toBe(400);
    expect(range.body.message).toContain(LIBRARY_MSG.yearRange);
    const type = await opac('type=scroll');
    expect(type.status).toBe(400);
    expect(type.body.message).toContain('Item type must be book, reference, journal or cd');
    const year = await opac('yearFrom=99');
    expect(year.status).toBe(400);
    expect(year.body.message).toContain('From year must be a year from 1400 to 2100');
  });

  it('offers the catalogue’s subjects, split at ";", with their title counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${LIB}/opac/subjects` });
    expect(res.statusCode).toBe(200);
    const subjects = res.json().subjects as Array<{ subject: string; titles: number }>;
    expect(subjects.find((s) => s.subject === 'Astro physics')?.titles).toBe(2);
    expect(subjects.find((s) => s.subject === 'Telescopes')?.titles).toBe(1);
    expect(subjects.find((s) => s.subject === 'Computer science')!.titles).toBeGreaterThan(10);
  });
});

describe('OPAC title page', () => {
  it('shows every field and the copies in the collection, without price or vendor, to anyone', async () => {
    const { id, accessions } = await newTitle(t, { title: 'Tardigrade Anatomy', copies: 3, price: 45_000 });
    const edit = await t.as('librarian', {
      method: 'PUT',
      url: `${LIB}/titles/${id}`,
      payload: {
        title: 'Tardigrade Anatomy',
        subtitle: 'Water bears up close',
        authors: 'Meera Iyer',
        publisher: 'Hill Press',
        year: 2019,
        edition: '2nd',
        subjects: 'Zoology',
        callNumber: '592.7 IYE',
        language: 'English',
        pages: 312,
        itemType: 'book',
      },
    });
    expect(edit.statusCode).toBe(200);
    const detail = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles/${id}` })).json();
    const withdrawn = detail.copyList.find((c: { accessionNo: string }) => c.accessionNo === accessions[2]);
    await t.as('librarian', { method: 'PUT', url: `${LIB}/copies/${withdrawn.id}`, payload: { status: 'withdrawn' } });
    const patron = await newStudent(t);
    expect((await issue(t, patron, accessions[0])).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: `${LIB}/opac/titles/${id}` });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      title: 'Tardigrade Anatomy',
      subtitle: 'Water bears up close',
      authors: 'Meera Iyer',
      publisher: 'Hill Press',
      year: 2019,
      edition: '2nd',
      subjects: 'Zoology',
      callNumber: '592.7 IYE',
      pages: 312,
      copies: 2,
      available: 1,
    });
    expect(page.copyList.map((c: { accessionNo: string; status: string }) => [c.accessionNo, c.status])).toEqual([
      [accessions[0], 'on_loan'],
      [accessions[1], 'available'],
    ]);
    expect(page.copyList[0].dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(page.copyList[1]).sort()).toEqual(['accessionNo', 'dueOn', 'id', 'shelfLocation', 'status']);

    const missing = await t.app.inject({ method: 'GET', url: `${LIB}/opac/titles/999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(LIBRARY_MSG.titleNotFound);
    const otherCollege = await t.app.inject({ method: 'GET', url: `${LIB}/opac/titles/${id}`, headers: { host: 'srk.localhost' } });
    expect(otherCollege.statusCode).toBe(404);
  });
});
