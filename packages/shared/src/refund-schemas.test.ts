import { describe, expect, it } from 'vitest';
import { ACCOUNTS_MSG } from './accounts-schemas.js';
import { REFUND_MSG, ZRefundInput, ZRefundPay } from './refund-schemas.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('refund forms', () => {
  it('asks for a reason and a whole, positive amount', () => {
    expect(ZRefundInput.parse({ excessId: '7', amountPaise: '150000', reason: ' Paid twice ' })).toEqual({
      excessId: 7,
      amountPaise: 150_000,
      reason: 'Paid twice',
    });
    expect(messages(ZRefundInput.safeParse({ excessId: 7, amountPaise: 0, reason: '  ' }))).toEqual([
      'The amount must be more than zero',
      REFUND_MSG.reasonNeeded,
    ]);
    expect(messages(ZRefundInput.safeParse({ excessId: 7, amountPaise: 10.5, reason: 'x' }))).toEqual([
      'The amount must be in whole paise',
    ]);
  });

  it('needs a reference unless paid in cash, a real date, and a desk mode', () => {
    expect(ZRefundPay.parse({ mode: 'cash', date: '2026-11-29' })).toEqual({ mode: 'cash', reference: '', date: '2026-11-29' });
    expect(messages(ZRefundPay.safeParse({ mode: 'upi', reference: ' ', date: '2026-11-29' }))).toEqual([
      ACCOUNTS_MSG.referenceNeeded,
    ]);
    expect(ZRefundPay.safeParse({ mode: 'online', reference: 'x', date: '2026-11-29' }).success).toBe(false);
    expect(ZRefundPay.safeParse({ mode: 'cash', date: '2026-02-30' }).success).toBe(false);
  });
});
