import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTEL_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { hostelDues } from './hostel.service.js';
import { allotOk, collegeId, INCHARGE, newBuilding, newStudent } from '../../../test/modules/hostel.js';

/**
 * The hostel clerk could waive any hostel due on the ledger at once, outside the accounts office's
 * approval chain. A waiver is now a concession proposed by the hostel office and approved by the
 * accounts officer (above the college's ₹50,000 limit, then the principal); the due changes only then.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const OFFICER = 'accountsofficer';
const hostelLine = async (rollNo: string) =>
  (await t.as('accountant', { method: 'GET', url: `/api/accounts/students/${rollNo}/ledger` }))
    .json()
    .lines.find((l: { source: string }) => l.source === 'hostel');
const proposals = async (rollNo: string) =>
  (await t.as('accountant', { method: 'GET', url: `/api/accounts/concessions?rollNo=${rollNo}` })).json().items;
const decide = (as: string, id: number, decision: 'approve' | 'reject') =>
  t.as(as, { method: 'POST', url: `/api/accounts/concessions/${id}/decision`, payload: { decision, note: 'checked' } });

/** A resident owing this year's hostel fee, as the ledger holds it. */
async function resident(fee: number) {
  const b = await newBuilding(t, 'BOYS', { rooms: 1, fee });
  const s = await newStudent(t, 'MALE');
  const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, fromDate: '2025-07-01' });
  return { ...s, allotmentId: a.id as number };
}

const waive = (allotmentId: number, amount: number) =>
  t.as(INCHARGE, {
    method: 'POST',
    url: `/api/hostel/allotments/${allotmentId}/payments`,
    payload: { amount, kind: 'WAIVER', reference: 'Warden' },
  });

describe('a hostel waiver', () => {
  it('changes nothing until the accounts officer approves it; the hostel clerk cannot approve it', async () => {
    const s = await resident(4_000_000);
    const res = await waive(s.allotmentId, 1_500_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: HOSTEL_MSG.waiverProposed('₹15,000', '₹40,000'), dues: 4_000_000 });
    expect(await hostelLine(s.rollNo)).toMatchObject({ waivedPaise: 0, balancePaise: 4_000_000 });
    expect(await hostelDues(t.db, await collegeId(t), s.id)).toBe(4_000_000);

    const [c] = await proposals(s.rollNo);
    // the office's list names the proposer as people know them, not by login id
    const incharge = await t.db
      .selectFrom('users')
      .select('full_name')
      .where('college_id', '=', await collegeId(t))
      .where('username', '=', INCHARGE)
      .executeTakeFirstOrThrow();
    expect(c).toMatchObject({
      typeName: 'Hostel waiver',
      payer: 'institution',
      headName: 'Hostel Fee',
      fy: '2025-26',
      amountPaise: 1_500_000,
      status: 'proposed',
      proposedBy: incharge.full_name,
      note: 'Hostel office waiver: Warden',
    });
    expect((await decide(INCHARGE, c.id, 'approve')).statusCode).toBe(403);
    expect(await hostelLine(s.rollNo)).toMatchObject({ waivedPaise: 0, balancePaise: 4_000_000 });

    expect((await decide(OFFICER, c.id, 'approve')).json().status).toBe('approved');
    // ₹40,000 − ₹15,000 waived = ₹25,000.
    expect(await hostelLine(s.rollNo)).toMatchObject({ waivedPaise: 1_500_000, balancePaise: 2_500_000 });
    expect(await hostelDues(t.db, await collegeId(t), s.id)).toBe(2_500_000);
  });

  it('above the college’s limit goes on to the principal, and a rejected one waives nothing', async () => {
    const s = await resident(8_000_000);
    expect((await waive(s.allotmentId, 6_000_000)).statusCode).toBe(200);
    const [c] = await proposals(s.rollNo);
    // ₹60,000 is above the ₹50,000 the officer may approve alone.
    expect((await decide(OFFICER, c.id, 'approve')).json().status).toBe('awaiting_principal');
    expect(await hostelLine(s.rollNo)).toMatchObject({ waivedPaise: 0, balancePaise: 8_000_000 });
    expect((await decide('principal', c.id, 'approve')).json().status).toBe('approved');
    expect(await hostelLine(s.rollNo)).toMatchObject({ waivedPaise: 6_000_000, balancePaise: 2_000_000 });

    expect((await waive(s.allotmentId, 500_000)).statusCode).toBe(200);
    const second = (await proposals(s.rollNo)).find((x: { status: string }) => x.status === 'proposed');
    expect((await decide(OFFICER, second.id, 'reject')).json().status).toBe('rejected');
    expect(await hostelLine(s.rollNo)).toMatchObject({ waivedPaise: 6_000_000, balancePaise: 2_000_000 });
  });

  it('is refused above what is due, proposing nothing', async () => {
    const s = await resident(1_000_000);
    const res = await waive(s.allotmentId, 1_000_001);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(HOSTEL_MSG.overWaived('₹10,000'));
    expect(await proposals(s.rollNo)).toEqual([]);
  });
});
