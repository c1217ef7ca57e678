import { accountsFy } from '@erp/shared';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';

/**
 * The hostel, transport and library seeders write their own rows in bulk; this posts them into
 * the accounts ledger the way the running modules do (charges with source and reference, money
 * taken at a module's desk as module-desk receipts 'M' allocated to the charge, waivers and
 * cancellations as waived amounts), so the demo ledgers and the modules' dues agree. Runs last.
 */
export async function seedLedgerLinks(ctx: SeedContext) {
  for (const college of [ctx.main, ctx.srk]) await links(ctx, college);
}

interface Charge {
  studentId: number;
  source: string;
  ref: string;
  head: string;
  amount: number;
  dueDate: string;
  waived: number;
  payments: Array<{ ref: string; amount: number; date: string; mode: string; reference: string }>;
}

async function links(ctx: SeedContext, college: SeededCollege) {
  const { db, now } = ctx;
  const heads = new Map(
    (await db.selectFrom('acc_fee_heads').select(['id', 'code']).where('college_id', '=', college.id).execute()).map((h) => [
      h.code,
      h.id,
    ]),
  );
  for (const [code, name, order] of [
    ['HOSTEL', 'Hostel Fee', 10],
    ['TRANSPORT', 'Transport Fee', 11],
    ['LIBRARY_FINE', 'Library Fine', 12],
  ] as const) {
    if (heads.has(code)) continue;
    const { id } = await db
      .insertInto('acc_fee_heads')
      .values({ college_id: college.id, code, name, sort_order: order })
      .returning('id')
      .executeTakeFirstOrThrow();
    heads.set(code, id);
  }
  const charges: Charge[] = [];

  // Hostel: each allotment's fee, paid by the hostel office's receipts of that allotment.
  const hostelCharges = await db
    .selectFrom('hostel_charges')
    .select(['id', 'student_id', 'allotment_id', 'amount', 'created_at'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .execute();
  const hostelReceipts = await db
    .selectFrom('hostel_receipts')
    .select(['id', 'allotment_id', 'kind', 'mode', 'reference', 'amount', 'paid_on'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .execute();
  const byAllotment = new Map<number, typeof hostelReceipts>();
  for (const r of hostelReceipts) byAllotment.set(r.allotment_id ?? 0, [...(byAllotment.get(r.allotment_id ?? 0) ?? []), r]);
  for (const c of hostelCharges) {
    const taken = byAllotment.get(c.allotment_id ?? 0) ?? [];
    byAllotment.delete(c.allotment_id ?? 0);
    charges.push({
      studentId: c.student_id,
      source: 'hostel',
      ref: `charge-${c.id}`,
      head: 'HOSTEL',
      amount: c.amount,
      dueDate: c.created_at.slice(0, 10),
      waived: taken.filter((r) => r.kind === 'WAIVER').reduce((n, r) => n + r.amount, 0),
      payments: taken
        .filter((r) => r.kind !== 'WAIVER')
        .map((r) => ({
          ref: `receipt-${r.id}`,
          amount: r.amount,
          date: r.paid_on,
          mode: r.mode ?? 'cash',
          reference: `Hostel office ${r.mode ?? ''} ${r.reference ?? ''}`.replace(/\s+/g, ' ').trim(),
        })),
    });
  }

  // Transport: each student pass's fare; what the office recorded as paid is an opening payment.
  const dues = await db
    .selectFrom('transport_dues')
    .select(['id', 'pass_id', 'student_id', 'amount', 'paid', 'status', 'created_at'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .execute();
  for (const d of dues) {
    charges.push({
      studentId: d.student_id,
      source: 'transport',
      ref: `pass-${d.pass_id}`,
      head: 'TRANSPORT',
      amount: d.amount,
      dueDate: d.created_at.slice(0, 10),
      waived: d.status === 'cancelled' ? d.amount - d.paid : 0,
      payments: d.paid
        ? [
            {
              ref: `due-${d.id}`,
              amount: d.paid,
              date: d.created_at.slice(0, 10),
              mode: 'cash',
              reference: 'Transport fare paid (opening balance)',
            },
          ]
        : [],
    });
  }

  // Library: students' fines (staff fines stay the library's).
  const fines = await db
    .selectFrom('library_fines')
    .select(['id', 'student_id', 'amount', 'status', 'receipt_no', 'paid_at', 'created_at'])
    .where('college_id', '=', college.id)
    .where('student_id', 'is not', null)
    .orderBy('id')
    .execute();
  for (const f of fines) {
    charges.push({
      studentId: f.student_id!,
      source: 'library',
      ref: `fine-${f.id}`,
      head: 'LIBRARY_FINE',
      amount: f.amount,
      dueDate: f.created_at.slice(0, 10),
      waived: f.status === 'waived' ? f.amount : 0,
      payments:
        f.status === 'paid'
          ? [
              {
                ref: `fine-${f.id}`,
                amount: f.amount,
                date: (f.paid_at ?? f.created_at).slice(0, 10),
                mode: 'cash',
                reference: `Library desk ${college.code}/LIB/${String(f.receipt_no ?? 0).padStart(6, '0')}`,
              },
            ]
          : [],
    });
  }
  const live = charges.filter((c) => c.amount > 0);
  if (!live.length) return;

  await insertChunked(
    db,
    'acc_demand_lines',
    live.map((c) => {
      const paid = Math.min(
        c.amount,
        c.payments.reduce((n, p) => n + p.amount, 0),
      );
      return {
        college_id: college.id,
        student_id: c.studentId,
        fy: accountsFy(c.dueDate),
        head_id: heads.get(c.head)!,
        payer: 'student',
        sanction_status: 'na',
        amount_paise: c.amount,
        paid_paise: paid,
        waived_paise: Math.min(c.waived, c.amount - paid),
        source: c.source,
        source_ref: c.ref,
        due_date: c.dueDate,
        created_at: now,
      };
    }),
  );
  const lineIds = new Map(
    (
      await db
        .selectFrom('acc_demand_lines')
        .select(['id', 'source', 'source_ref'])
        .where('college_id', '=', college.id)
        .where('source', 'in', ['hostel', 'transport', 'library'])
        .execute()
    ).map((l) => [`${l.source}:${l.source_ref}`, l.id]),
  );
  const paying = live.flatMap((c) => c.payments.map((p) => ({ c, p })));
  await insertChunked(
    db,
    'acc_receipts',
    paying.map(({ c, p }) => ({
      college_id: college.id,
      kind: 'receipt',
      series: 'M',
      fy: accountsFy(p.date),
      receipt_no: null,
      reverses_id: null,
      student_id: c.studentId,
      entry_date: p.date,
      mode: ['cash', 'dd', 'cheque', 'upi', 'card', 'bank_transfer'].includes(p.mode.toLowerCase())
        ? p.mode.toLowerCase()
        : 'cash',
      reference: p.reference.slice(0, 80),
      bank: '',
      instrument_date: '',
      amount_paise: p.amount,
      status: 'active',
      cancel_reason: '',
      cancelled_by: '',
      cancelled_at: '',
      clerk_id: null,
      clerk: `${c.source} office`,
      source: `${c.source}-desk`,
      source_ref: p.ref,
      doc_code: '',
      created_at: now,
    })),
  );
  const receiptIds = new Map(
    (
      await db
        .selectFrom('acc_receipts')
        .select(['id', 'source', 'source_ref'])
        .where('college_id', '=', college.id)
        .where('series', '=', 'M')
        .execute()
    ).map((r) => [`${r.source}:${r.source_ref}`, r.id]),
  );
  await insertChunked(
    db,
    'acc_allocations',
    paying.map(({ c, p }) => ({
      college_id: college.id,
      receipt_id: receiptIds.get(`${c.source}-desk:${p.ref}`)!,
      line_id: lineIds.get(`${c.source}:${c.ref}`)!,
      head_id: heads.get(c.head)!,
      amount_paise: p.amount,
    })),
  );
}
