import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GRIEVANCE_MSG, MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { clock } from '../../lib/clock.js';
import { compositionProblems } from './grievances.committees.js';
import { compliantMembers, multipartFiles, newUser, PDF, PNG, routeTo } from '../../../test/modules/grievances.js';

let t: TestApp;
let student: Awaited<ReturnType<typeof newUser>>;
let other: Awaited<ReturnType<typeof newUser>>;
let chair: Awaited<ReturnType<typeof newUser>>;
let member: Awaited<ReturnType<typeof newUser>>;
let ombud: Awaited<ReturnType<typeof newUser>>;

// Dates in 2031: far from any seeded grievance or holiday; 10:00 in India.
const at = (iso: string) => vi.spyOn(clock, 'now').mockReturnValue(new Date(`${iso}T04:30:00Z`));

beforeAll(async () => {
  t = await createTestApp();
  student = await newUser(t, 'gstu', ['ROLE_STUDENT'], { fullName: 'Keerthi Naidu' });
  other = await newUser(t, 'gsto', ['ROLE_STUDENT']);
  chair = await newUser(t, 'gchr', ['ROLE_FACULTY'], { fullName: 'Dr. K. Ramana' });
  member = await newUser(t, 'gmem', ['ROLE_FACULTY'], { fullName: 'Dr. P. Sujatha' });
  ombud = await newUser(t, 'gomb', ['ROLE_OMBUDSPERSON'], { fullName: 'Justice (Retd.) V. Rao' });
  await routeTo(t, ['ragging_harassment', 'academic'], compliantMembers(chair.id, member.id), 'Test SGRC');
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

const lodge = (as: string, payload: Record<string, unknown>) => t.as(as, { method: 'POST', url: '/api/grievances', payload });
const get = (as: string, id: number) => t.as(as, { method: 'GET', url: `/api/grievances/${id}` });
const list = (as: string, qs = '') => t.as(as, { method: 'GET', url: `/api/grievances${qs}` });
const status = (as: string, id: number, payload: Record<string, unknown>) =>
  t.as(as, { method: 'POST', url: `/api/grievances/${id}/status`, payload });
const academic = {
  category: 'academic',
  subject: 'Internal marks not updated',
  description: 'My mid-term marks for Compiler Design are missing from the portal.',
};

async function lodged(as = student.username, body: Record<string, unknown> = academic) {
  const res = await lodge(as, body);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('lodging', () => {
  it('numbers the grievance, routes it to its committee and sets the deadline 15 working days ahead (Sundays out)', async () => {
    at('2031-03-03');
    const g = await lodged();
    expect(g).toMatchObject({
      status: 'submitted',
      category: 'academic',
      committee: 'Test SGRC',
      lodgedOn: '2031-03-03',
      complainant: 'Keerthi Naidu',
      overdue: false,
    });
    expect(g.number).toMatch(/^GRV-2031-\d{5}$/);
    // 4..8 Mar (5), 10..15 (6), 17..20 (4): Sundays 9 and 16 do not count.
    expect(g.dueOn).toBe('2031-03-20');
    expect(g.can).toMatchObject({ act: false, appeal: false, attach: true });
  });

  it('refuses bad input with messages a person understands, and saves nothing', async () => {
    const before = (await list('grievance')).json().total;
    const short = await lodge(student.username, { ...academic, description: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(GRIEVANCE_MSG.descriptionTooShort);
    expect((await lodge(student.username, { ...academic, category: 'weather' })).json().message).toBe(
      GRIEVANCE_MSG.categoryRequired,
    );
    expect((await lodge(student.username, { ...academic, subject: '' })).json().message).toBe(GRIEVANCE_MSG.subjectRequired);
    expect((await lodge(student.username, { ...academic, description: 'x'.repeat(3001) })).json().message).toBe(
      GRIEVANCE_MSG.descriptionTooLong,
    );
    const anon = await lodge(student.username, { ...academic, anonymous: true });
    expect(anon.statusCode).toBe(400);
    expect(anon.json().message).toBe(GRIEVANCE_MSG.anonymousNotAllowed);
    expect((await list('grievance')).json().total).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/grievances', payload: academic });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.signInRequired);
  });
});

describe('who sees what', () => {
  it('shows a grievance to its complainant, the incharge and its committee; to no other student or faculty', async () => {
    const g = await lodged();
    expect((await get(student.username, g.id)).statusCode).toBe(200);
    expect((await get('grievance', g.id)).statusCode).toBe(200);
    expect((await get(member.username, g.id)).statusCode).toBe(200);
    for (const outsider of [other.username, 'faculty', 'admin', 'principal', ombud.username]) {
      const res = await get(outsider, g.id);
      expect({ outsider, status: res.statusCode }).toEqual({ outsider, status: 404 });
    }
    expect((await list(other.username)).json().items.some((x: { id: number }) => x.id === g.id)).toBe(false);
    expect((await list(student.username)).json().items.some((x: { id: number }) => x.id === g.id)).toBe(true);
  });

  it('keeps an anonymous complainant hidden from the incharge and committee; only the chair reveals, and the reveal is recorded', async () => {
    const g = await lodged(student.username, {
      category: 'ragging_harassment',
      subject: 'Seniors in hostel block C',
      description: 'Seniors force first years to run errands every night after 10 pm.',
      anonymous: true,
    });
    expect(g.complainant).toBe('Keerthi Naidu'); // the complainant sees their own name
    for (const viewer of ['grievance', member.username, chair.username]) {
      const seen = (await get(viewer, g.id)).json();
      expect({ viewer, complainant: seen.complainant }).toEqual({ viewer, complainant: null });
      const listed = (await list(viewer)).json().items.find((x: { id: number }) => x.id === g.id);
      expect(listed.complainant).toBeNull();
      expect(JSON.stringify(seen)).not.toContain('Keerthi');
      expect(JSON.stringify(seen)).not.toContain(student.username);
    }
    const refused = await t.as(member.username, { method: 'POST', url: `/api/grievances/${g.id}/reveal` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GRIEVANCE_MSG.onlyChair);
    expect((await t.as('grievance', { method: 'POST', url: `/api/grievances/${g.id}/reveal` })).statusCode).toBe(403);

    at('2031-03-04');
    const revealed = await t.as(chair.username, { method: 'POST', url: `/api/grievances/${g.id}/reveal` });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({
      complainant: 'Keerthi Naidu',
      username: student.username,
      revealedAt: '2031-03-04T04:30:00.000Z',
    });
    expect((await get(chair.username, g.id)).json().complainant).toBe('Keerthi Naidu');
    const incharge = (await get('grievance', g.id)).json();
    expect(incharge.complainant).toBeNull();
    expect(incharge).toMatchObject({ identityRevealedBy: 'Dr. K. Ramana', identityRevealedAt: '2031-03-04T04:30:00.000Z' });
    expect((await get(member.username, g.id)).json().complainant).toBeNull();
    const logged = await t.db
      .selectFrom('audit_log')
      .select(['username', 'action'])
      .where('entity', '=', 'grievance')
      .where('entity_id', '=', String(g.id))
      .execute();
    expect(logged).toEqual([{ username: chair.username, action: 'grievance.reveal' }]);
  });

  it('signs the complainant’s comments on an anonymous grievance as "Complainant"', async () => {
    const g = await lodged(student.username, {
      category: 'ragging_harassment',
      subject: 'Name calling',
      description: 'A group of seniors call me names in the canteen every day.',
      anonymous: true,
    });
    const res = await t.as(student.username, {
      method: 'POST',
      url: `/api/grievances/${g.id}/comments`,
      payload: { body: 'It happened again today.' },
    });
    expect(res.json().comments.at(-1)).toMatchObject({ author: 'Complainant', body: 'It happened again today.' });
  });
});

describe('the committee’s workflow', () => {
  it('moves submitted → acknowledged → in progress → resolved; a reason is required to decide', async () => {
    const g = await lodged();
    const skip = await status('grievance', g.id, { status: 'in_progress' });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toBe('A grievance that is submitted cannot be marked in progress');
    expect((await status('grievance', g.id, { status: 'acknowledged' })).json().status).toBe('acknowledged');
    expect((await status(member.username, g.id, { status: 'in_progress' })).json().status).toBe('in_progress');
    const noReason = await status('grievance', g.id, { status: 'resolved' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(GRIEVANCE_MSG.reasonRequired);
    const done = await status('grievance', g.id, { status: 'resolved', reason: 'Marks entered by the CSE office on 5 March.' });
    expect(done.json()).toMatchObject({ status: 'resolved', decision: 'Marks entered by the CSE office on 5 March.' });
    expect((await status('grievance', g.id, { status: 'rejected', reason: 'x' })).statusCode).toBe(400);
  });

  it('refuses the complainant and outsiders a status change', async () => {
    const g = await lodged();
    expect((await status(student.username, g.id, { status: 'acknowledged' })).statusCode).toBe(403);
    expect((await status('faculty', g.id, { status: 'acknowledged' })).statusCode).toBe(404);
  });

  it('decides two simultaneous acknowledgements in the database: one wins', async () => {
    const g = await lodged();
    const [a, b] = await Promise.all([
      status('grievance', g.id, { status: 'acknowledged' }),
      status(member.username, g.id, { status: 'acknowledged' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, a.statusCode === 200 ? b.statusCode : a.statusCode].sort());
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect([400, 409]).toContain(a.statusCode === 200 ? b.statusCode : a.statusCode);
    const comments = (await get('grievance', g.id))
      .json()
      .comments.filter((c: { body: string }) => c.body.startsWith('Status: Acknowledged'));
    expect(comments).toHaveLength(1);
  });

  it('hides internal notes from the complainant and lets only the committee write them', async () => {
    const g = await lodged();
    const post = (as: string, payload: Record<string, unknown>) =>
      t.as(as, { method: 'POST', url: `/api/grievances/${g.id}/comments`, payload });
    expect((await post('grievance', { body: 'Spoke to the HoD; marks sheet was misplaced.', internal: true })).statusCode).toBe(
      200,
    );
    expect((await post('grievance', { body: 'We are looking into it.' })).statusCode).toBe(200);
    expect((await post(student.username, { body: 'Thank you.' })).statusCode).toBe(200);
    const sneaky = await post(student.username, { body: 'secret', internal: true });
    expect(sneaky.statusCode).toBe(403);
    expect((await post(student.username, { body: '' })).json().message).toBe(GRIEVANCE_MSG.commentRequired);
    const mine = (await get(student.username, g.id)).json();
    expect(mine.comments.map((c: { body: string }) => c.body)).toEqual(['We are looking into it.', 'Thank you.']);
    const staff = (await get('grievance', g.id)).json();
    expect(staff.comments.map((c: { internal: boolean }) => c.internal)).toEqual([true, false, false]);
  });
});

describe('deadlines and escalation (clock moved, not waited for)', () => {
  it('is on time on the due date, overdue and escalated to the principal the day after', async () => {
    at('2031-03-03');
    const g = await lodged(student.username, { ...academic, category: 'transport', subject: 'Bus route 7 skips our stop' });
    expect(g.dueOn).toBe('2031-03-20');
    expect((await get('principal', g.id)).statusCode).toBe(404);

    at('2031-03-20');
    expect((await get('grievance', g.id)).json()).toMatchObject({ overdue: false, escalated: false });
    expect((await list('grievance', '?overdue=true')).json().items.some((x: { id: number }) => x.id === g.id)).toBe(false);

    at('2031-03-21');
    expect((await get('grievance', g.id)).json()).toMatchObject({ overdue: true, escalated: true });
    const principal = (await list('principal')).json();
    expect(principal.items.find((x: { id: number }) => x.id === g.id)).toMatchObject({ overdue: true, escalated: true });
    // The principal may act on an escalated grievance.
    expect((await status('principal', g.id, { status: 'acknowledged' })).statusCode).toBe(200);
    expect((await list('grievance', '?overdue=true')).json().items.some((x: { id: number }) => x.id === g.id)).toBe(true);
  });

  it('counts the academic calendar’s holidays out of the working days', async () => {
    // A two-day holiday (Tue 10 and Wed 11 June 2031) inside the window pushes the deadline two days.
    const holiday = await t.as('admin', {
      method: 'POST',
      url: '/api/calendar',
      payload: { title: 'Test holidays', kind: 'holiday', startDate: '2031-06-10', endDate: '2031-06-11' },
    });
    expect(holiday.statusCode).toBe(200);
    at('2031-06-02'); // Monday: 3..7 (5), 9, 12..14 (4), 16..21 (6) → Sat 21 June
    expect((await lodged()).dueOn).toBe('2031-06-21');
  });

  it('follows the configured number of working days', async () => {
    const put = await t.as('admin', {
      method: 'PUT',
      url: '/api/grievances/settings',
      payload: { decisionWorkingDays: 3, appealDays: 15, ombudspersonDays: 30 },
    });
    expect(put.statusCode).toBe(200);
    try {
      at('2031-03-07'); // a Friday: Sat 8, (Sun 9), Mon 10, Tue 11
      expect((await lodged()).dueOn).toBe('2031-03-11');
    } finally {
      await t.as('admin', {
        method: 'PUT',
        url: '/api/grievances/settings',
        payload: { decisionWorkingDays: 15, appealDays: 15, ombudspersonDays: 30 },
      });
    }
    const bad = await t.as('admin', {
      method: 'PUT',
      url: '/api/grievances/settings',
      payload: { decisionWorkingDays: 0, appealDays: 15, ombudspersonDays: 30 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('At least 1 day');
  });
});

describe('appeals to the ombudsperson', () => {
  it('lets the complainant appeal a decision within the period; the ombudsperson decides within 30 days', async () => {
    at('2031-03-03');
    const g = await lodged();
    const early = await t.as(student.username, {
      method: 'POST',
      url: `/api/grievances/${g.id}/appeal`,
      payload: { reason: 'Not satisfied' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(GRIEVANCE_MSG.notDecided);
    at('2031-03-05');
    await status('grievance', g.id, { status: 'acknowledged' });
    await status('grievance', g.id, { status: 'rejected', reason: 'The marks were entered correctly.' });
    expect((await get(student.username, g.id)).json()).toMatchObject({ appealOpenUntil: '2031-03-20', can: { appeal: true } });
    expect((await get(ombud.username, g.id)).statusCode).toBe(404);

    const byOther = await t.as('grievance', { method: 'POST', url: `/api/grievances/${g.id}/appeal`, payload: { reason: 'x' } });
    expect(byOther.statusCode).toBe(403);
    at('2031-03-20');
    const res = await t.as(student.username, {
      method: 'POST',
      url: `/api/grievances/${g.id}/appeal`,
      payload: { reason: 'My answer script shows 18, not 8.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ appealStatus: 'pending', appealDueOn: '2031-04-19' });
    const twice = await t.as(student.username, {
      method: 'POST',
      url: `/api/grievances/${g.id}/appeal`,
      payload: { reason: 'again' },
    });
    expect(twice.statusCode).toBe(409);

    const seen = (await list(ombud.username, '?appealed=true')).json();
    expect(seen.items.find((x: { id: number }) => x.id === g.id)).toMatchObject({
      appealStatus: 'pending',
      complainant: 'Keerthi Naidu',
    });
    expect(
      (
        await t.as('grievance', {
          method: 'POST',
          url: `/api/grievances/${g.id}/appeal/decision`,
          payload: { outcome: 'upheld', decision: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const decided = await t.as(ombud.username, {
      method: 'POST',
      url: `/api/grievances/${g.id}/appeal/decision`,
      payload: { outcome: 'upheld', decision: 'Re-total ordered; marks to be corrected.' },
    });
    expect(decided.json()).toMatchObject({ appealStatus: 'upheld', appealDecision: 'Re-total ordered; marks to be corrected.' });
    expect((await get(student.username, g.id)).json().appealStatus).toBe('upheld');
  });

  it('closes the appeal window after the set period', async () => {
    at('2031-03-03');
    const g = await lodged();
    await status('grievance', g.id, { status: 'acknowledged' });
    await status('grievance', g.id, { status: 'resolved', reason: 'Done' });
    at('2031-03-19');
    const late = await t.as(student.username, {
      method: 'POST',
      url: `/api/grievances/${g.id}/appeal`,
      payload: { reason: 'Too late?' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(GRIEVANCE_MSG.appealClosed(15));
  });
});

describe('attachments', () => {
  it('takes PDF, JPG and PNG by their bytes, refuses other bytes whatever the name, at most three', async () => {
    const g = await lodged();
    const up = (files: Array<{ filename: string; data: Buffer }>, as = student.username) =>
      t.as(as, {
        method: 'POST',
        url: `/api/grievances/${g.id}/attachments`,
        ...multipartFiles(files.map((f) => ({ name: 'attachments', ...f }))),
      });
    const fake = await up([{ filename: 'proof.pdf', data: Buffer.from('MZ\x90\x00 not a pdf') }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(GRIEVANCE_MSG.fileType);
    expect((await up([{ filename: 'x.pdf', data: PDF }], other.username)).statusCode).toBe(404);
    const ok = await up([
      { filename: 'marks.pdf', data: PDF },
      { filename: 'photo.png', data: PNG },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().attachments.map((a: { fileName: string; mime: string }) => [a.fileName, a.mime])).toEqual([
      ['marks.pdf', 'application/pdf'],
      ['photo.png', 'image/png'],
    ]);
    const tooMany = await up([
      { filename: 'a.pdf', data: PDF },
      { filename: 'b.pdf', data: PDF },
    ]);
    expect(tooMany.json().message).toBe(GRIEVANCE_MSG.tooManyFiles);
    const file = await t.as('grievance', {
      method: 'GET',
      url: `/api/grievances/${g.id}/attachments/${ok.json().attachments[0].id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.as(other.username, { method: 'GET', url: `/api/grievances/${g.id}/attachments/${ok.json().attachments[0].id}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('lodging with attachments in one request', () => {
  const lodgeWith = (files: Array<{ filename: string; data: Buffer }>, fields: Record<string, string>) =>
    t.as(student.username, {
      method: 'POST',
      url: '/api/grievances/lodge',
      ...multipartFiles(
        files.map((f) => ({ name: 'attachments', ...f })),
        { grievance: JSON.stringify({ ...academic, subject: 'Lab record lost' }), ...fields },
      ),
    });
  const countMine = async () =>
    Number(
      (
        await t.db
          .selectFrom('grievances')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('lodged_by', '=', student.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a file that is not a PDF, JPG or PNG before anything is saved; a retry of the same submission makes one grievance', async () => {
    at('2031-04-07');
    const before = await countMine();
    const fake = await lodgeWith([{ filename: 'notes.pdf', data: Buffer.from('just some text, not a pdf') }], {
      idempotencyKey: 'form-open-0001',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(GRIEVANCE_MSG.fileType);
    expect(await countMine()).toBe(before);

    const ok = await lodgeWith([{ filename: 'record.pdf', data: PDF }], { idempotencyKey: 'form-open-0001' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['record.pdf']);
    const again = await lodgeWith([{ filename: 'record.pdf', data: PDF }], { idempotencyKey: 'form-open-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: ok.json().id, number: ok.json().number });
    expect(await countMine()).toBe(before + 1);
    const rows = await t.db.selectFrom('grievance_attachments').select('id').where('grievance_id', '=', ok.json().id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad form part or key with the field’s message, and keeps keys apart per complainant', async () => {
    at('2031-04-07');
    const short = await t.as(student.username, {
      method: 'POST',
      url: '/api/grievances/lodge',
      ...multipartFiles([], { grievance: JSON.stringify({ ...academic, description: 'too short' }) }),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(GRIEVANCE_MSG.descriptionTooShort);
    const badKey = await lodgeWith([], { idempotencyKey: 'x' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toContain('The submission key must be');

    // The JSON route takes the key as a header; another student's same key is theirs alone.
    const byHeader = (as: string) =>
      t.as(as, { method: 'POST', url: '/api/grievances', payload: academic, headers: { 'idempotency-key': 'shared-key-0002' } });
    const first = (await byHeader(student.username)).json();
    expect((await byHeader(student.username)).json().id).toBe(first.id);
    const theirs = await byHeader(other.username);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().id).not.toBe(first.id);
  });
});

describe('the officer’s list', () => {
  it('puts open overdue cases first, then open ones, then closed, each newest first', async () => {
    const token = `ORD${Date.now() % 100000}`;
    const make = async (day: string, subject: string) => {
      at(day);
      return (await lodged(student.username, { ...academic, subject: `${token} ${subject}` })).id as number;
    };
    const overdue = await make('2031-05-05', 'overdue');
    const open = await make('2031-06-16', 'open');
    const closed = await make('2031-06-17', 'closed');
    // A migrated case whose number sorts first as text ("GRV-H…" after "GRV-2…") and was lodged last.
    const archived = await make('2031-06-18', 'archived');
    await t.db.updateTable('grievances').set({ status: 'resolved' }).where('id', 'in', [closed, archived]).execute();
    await t.db.updateTable('grievances').set({ number: 'GRV-H2021-00001' }).where('id', '=', archived).execute();
    // 20 June: the 5 May case is past its 15 working days; the 16 June one is not.
    at('2031-06-20');
    const res = await list('grievance', `?q=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((g: { id: number }) => g.id)).toEqual([overdue, open, archived, closed]);
    expect(res.json().items[0]).toMatchObject({ overdue: true, escalated: true });
  });
});

describe('committees', () => {
  it('checks the composition the regulations set', () => {
    const ok = compliantMembers(1, 2) as Parameters<typeof compositionProblems>[0];
    expect(compositionProblems(ok)).toEqual([]);
    const noWoman = ok.map((m) => ({ ...m, gender: m.position === 'student_invitee' ? 'FEMALE' : 'MALE' })) as typeof ok;
    expect(compositionProblems(noWoman)).toEqual(['At least one member must be a woman']);
    const asstChair = ok.map((m) => (m.position === 'chair' ? { ...m, designation: 'Assistant Professor' } : m)) as typeof ok;
    expect(compositionProblems(asstChair)).toEqual(['The chair must be a Professor']);
    const noInvitee = ok.filter((m) => m.position !== 'student_invitee');
    expect(compositionProblems(noInvitee)).toEqual(['A student representative must be a special invitee']);
    const allGeneral = ok.map((m) => ({ ...m, socialCategory: 'GEN' })) as typeof ok;
    expect(compositionProblems(allGeneral)).toEqual(['At least one member must be from SC, ST or OBC']);
    const three = ok.filter((m, i) => i !== 2);
    expect(compositionProblems(three)).toEqual(['Four Professors or senior faculty members are needed as members']);
  });

  it('refuses to save a committee that does not comply, and a category already routed elsewhere', async () => {
    const members = compliantMembers(null, null).map((m) => ({ ...m, gender: 'MALE' }));
    const res = await t.as('admin', {
      method: 'POST',
      url: '/api/grievances/committees',
      payload: { name: 'Bad', categories: ['library'], members },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('At least one member must be a woman');
    const taken = await t.as('admin', {
      method: 'POST',
      url: '/api/grievances/committees',
      payload: { name: 'Dup', categories: ['academic'], members: compliantMembers(null, null) },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Academic is already routed to Test SGRC');
    expect(
      (
        await t.as('grievance', {
          method: 'POST',
          url: '/api/grievances/committees',
          payload: { name: 'x', categories: [], members: [] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('reports', () => {
  it('counts by category, status and month, with the median days to decide and the overdue list', async () => {
    // A period of its own: April 2032.
    at('2032-04-01');
    const a = await lodged(student.username, { ...academic, category: 'library', subject: 'Library closes early' });
    const b = await lodged(student.username, { ...academic, category: 'library', subject: 'Reading room fans' });
    at('2032-04-02');
    const c = await lodged(student.username, { ...academic, category: 'fees', subject: 'Fee receipt not issued' });
    at('2032-04-05');
    await status('grievance', a.id, { status: 'acknowledged' });
    await status('grievance', a.id, { status: 'resolved', reason: 'Timings extended to 8 pm.' });
    at('2032-04-09');
    await status('grievance', b.id, { status: 'rejected', reason: 'Fans were replaced in March.' });
    at('2032-05-10');
    const res = await t.as('principal', { method: 'GET', url: '/api/grievances/reports?from=2032-04-01&to=2032-04-30' });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.total).toBe(3);
    expect(r.byCategory.filter((x: { count: number }) => x.count > 0)).toEqual([
      { category: 'fees', count: 1 },
      { category: 'library', count: 2 },
    ]);
    expect(r.byStatus.filter((x: { count: number }) => x.count > 0)).toEqual([
      { status: 'submitted', count: 1 },
      { status: 'resolved', count: 1 },
      { status: 'rejected', count: 1 },
    ]);
    expect(r.byMonth).toEqual([{ month: '2032-04', count: 3 }]);
    // 4 days (1 → 5 April) and 8 days (1 → 9 April): median 6.
    expect(r).toMatchObject({ medianDaysToResolve: 6, decided: 2, resolvedWithinDeadline: 2, pending: 1 });
    expect(r.overdue.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect((await t.as(student.username, { method: 'GET', url: '/api/grievances/reports' })).statusCode).toBe(403);
  });
});
