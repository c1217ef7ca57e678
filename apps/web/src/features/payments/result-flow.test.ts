import { describe, expect, it, vi } from 'vitest';
import type { TPaymentRecord } from '@erp/shared';
import { readResult, runResultFlow, type ResultFlowDeps } from './result-flow';

const query = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    vads_charge_status: 'PAID',
    vads_trans_date: '20261121101500',
    vads_amount: '4500000',
    vads_currency: '356',
    vads_cust_name: '22A91A0501',
    vads_cust_email: 's@example.org',
    vads_charge_uuid: 'abc123',
    vads_order_id: 'ORD1',
    orderId: 'ORD1',
    feeType: 'semester',
    signature: 'sig=',
    ...over,
  });

const record = (examType: string): TPaymentRecord => ({
  rollNo: '22A91A0501',
  orderId: 'ORD1',
  feeType: 'semester',
  semester: 'IV-I',
  examType,
  courseCode: null,
  course: '',
  amount: 4500000,
  currency: 'INR',
  status: 'created',
  transactionId: null,
  receiptNo: null,
});

function deps(rec: TPaymentRecord | Error): ResultFlowDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetchRecord: vi.fn(async () => {
      calls.push('fetch');
      if (rec instanceof Error) throw rec;
      return rec;
    }),
    reportStatus: vi.fn(async () => calls.push('status')),
    saveFee: vi.fn(async () => calls.push('saveFee')),
    saveSupple: vi.fn(async () => calls.push('saveSupple')),
    onSuppleSaved: vi.fn(),
    storage: { removeItem: vi.fn((k: string) => calls.push(`remove:${k}`)) },
    log: { warn: vi.fn(), error: vi.fn(), info: vi.fn() },
  };
}

describe('payment result screen', () => {
  it('reads paid case-insensitively and keeps the signed fields', () => {
    const r = readResult(query());
    expect(r).toMatchObject({
      paid: true,
      statusProgress: 'Success',
      rollNo: '22A91A0501',
      transactionId: 'abc123',
      orderId: 'ORD1',
    });
    expect(r.signed).toEqual(expect.objectContaining({ signature: 'sig=', vads_amount: '4500000' }));
    expect(r.signed).not.toHaveProperty('orderId');
    expect(readResult(query({ vads_charge_status: 'failed' }))).toMatchObject({ paid: false, statusProgress: 'Failure' });
  });

  it('Regular and paid: fetch, report, regular save, clear paymentData', async () => {
    const d = deps(record('Regular'));
    await runResultFlow(readResult(query()), d);
    expect(d.calls).toEqual(['fetch', 'status', 'saveFee', 'remove:paymentData']);
    expect(d.saveFee).toHaveBeenCalledWith(
      expect.objectContaining({ examType: 'Regular', signature: 'sig=', vads_charge_uuid: 'abc123' }),
    );
    expect(d.reportStatus).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'PAID', statusprogress: 'Success', transactionId: 'abc123', semester: 'IV-I' }),
    );
  });

  it('a failed Regular payment and any supplementary one go to the supplementary save', async () => {
    const failed = deps(record('Regular'));
    await runResultFlow(readResult(query({ vads_charge_status: 'failed' })), failed);
    expect(failed.calls).toEqual(['fetch', 'status', 'saveSupple', 'remove:paymentData']);
    expect(failed.onSuppleSaved).toHaveBeenCalledWith('Record saved successfully');
    const supply = deps(record('Supplementary'));
    await runResultFlow(readResult(query()), supply);
    expect(supply.calls).toContain('saveSupple');
  });

  it('skips the saves with a warning when the record is missing or has no examType', async () => {
    const missing = deps(new Error('404'));
    await runResultFlow(readResult(query()), missing);
    expect(missing.calls).toEqual(['fetch', 'status', 'remove:paymentData']);
    expect(missing.log.warn).toHaveBeenCalled();
    const noType = deps(record(''));
    await runResultFlow(readResult(query()), noType);
    expect(noType.calls).not.toContain('saveFee');
    expect(noType.calls).not.toContain('saveSupple');
  });

  it('logs a failed regular save as Error saving data', async () => {
    const d = deps(record('Regular'));
    d.saveFee = vi.fn(async () => {
      throw new Error('400');
    });
    await runResultFlow(readResult(query()), d);
    expect(d.log.error).toHaveBeenCalledWith('Error saving data', expect.any(Error));
    expect(d.storage.removeItem).toHaveBeenCalledWith('paymentData');
  });
});
