import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ACCOUNTS_ROLES, MSG, PAYMENT_MSG, ROLES, ZCreateOrder, ZTransactionsQuery } from '@erp/shared';
import { API, V1 } from '../../lib/bases.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { assertGatewayConfig, demoCallback, demoPage, returnPath, signingKey } from './gateway.js';
import * as repo from './payments.repo.js';
import * as service from './payments.service.js';
import { receiptLabel, receiptPdf } from './receipt-pdf.js';
import { recordTransaction, verifyCallback, type Claims } from './record.js';

const PAY = `${API}/payments`;
const fields = z.record(
  z.string().max(100),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.array(z.string().max(2000))]),
);
type Fields = z.infer<typeof fields>;

/** The status call names the transaction (status, amount, transactionId...); it must match the signed fields. */
const statusClaims = (f: Fields): Claims => ({
  rollNo: f.rollNo,
  orderId: f.orderId,
  feeType: f.feeType,
  semester: f.semester,
  status: f.status,
  amount: f.amount,
  currency: f.currency,
  transactionId: f.transactionId,
  name: f.name,
});

/** The saves send the payment record as fetched (its status is the order's, not the transaction's). */
const recordClaims = (f: Fields): Claims => ({
  rollNo: f.rollNo,
  orderId: f.orderId,
  feeType: f.feeType,
  semester: f.semester,
  examType: f.examType,
  amount: f.amount,
  currency: f.currency,
});

export default async function paymentsRoutes(root: FastifyInstance) {
  assertGatewayConfig(root.config);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = root.config;
  const key = signingKey(cfg);
  const publicBase = (req: FastifyRequest) => (cfg.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

  // Lyra's notification and the demo gateway's buttons post HTML forms; Fastify has no parser for them.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        const out: Record<string, string> = {};
        for (const [k, v] of new URLSearchParams(body as string)) if (!(k in out)) out[k] = v;
        done(null, out);
      },
    );
  }

  /** Every call that records a payment: verify the signature, check claims, record once. */
  const record = async (req: FastifyRequest, input: Fields, source: string, claims: Claims) => {
    const cb = verifyCallback(input, key);
    return recordTransaction(app.db, req.college.id, cb, source, claims);
  };

  // Legacy calls of the result screen (spec section 7): public, verified by signature.
  app.get(
    `${V1}/getStudentsFeePaymentDetails`,
    {
      config: { access: 'public' },
      schema: { querystring: z.object({ rollNo: z.string().trim().min(1).max(30), orderId: z.string().trim().min(1).max(40) }) },
    },
    async (req) => service.paymentRecord(app.db, req.college.id, req.query.rollNo, req.query.orderId),
  );

  app.get(
    `${V1}/getStudentPaidFeeTransationStatus`,
    { config: { access: 'public' }, schema: { querystring: fields } },
    async (req) => {
      const { payment } = await record(req, req.query, 'return', statusClaims(req.query));
      return {
        message: PAYMENT_MSG.recorded,
        status: payment.status,
        transactionId: payment.transaction_id,
        receiptNo: payment.receipt_no,
      };
    },
  );

  app.post(`${V1}/saveFeePaymentDetails`, { config: { access: 'public' }, schema: { body: fields } }, async (req) => {
    const cb = verifyCallback(req.body, key);
    const order = await repo.orderById(app.db, req.college.id, cb.orderId);
    if (order && (order.exam_type !== 'Regular' || !cb.paid)) throw badRequest(PAYMENT_MSG.notRegularPaid);
    const { payment } = await recordTransaction(app.db, req.college.id, cb, 'return', recordClaims(req.body));
    return {
      message: MSG.recordSaved,
      status: payment.status,
      transactionId: payment.transaction_id,
      receiptNo: payment.receipt_no,
    };
  });

  app.post(`${V1}/saveSuppleFeePayment`, { config: { access: 'public' }, schema: { body: fields } }, async (req) => {
    const { payment } = await record(req, req.body, 'return', recordClaims(req.body));
    return {
      message: MSG.recordSaved,
      status: payment.status,
      transactionId: payment.transaction_id,
      receiptNo: payment.receipt_no,
    };
  });

  // Lyra's server-to-server notification: records the payment even when the payer closed the tab.
  app.post(`${PAY}/lyra/ipn`, { config: { access: 'public' }, schema: { body: fields } }, async (req, reply) => {
    const { payment } = await record(req, req.body, 'ipn', {});
    return reply.type('text/plain').send(`OK ${payment.status}`);
  });

  // The student's side.
  app.get(`${PAY}/fees-due`, { config: { access: [ROLES.STUDENT] } }, async (req) =>
    service.feesOverview(app.db, requireUser(req.user)),
  );

  app.post(`${PAY}/orders`, { config: { access: [ROLES.STUDENT] }, schema: { body: ZCreateOrder } }, async (req) =>
    service.createOrder(app.db, cfg, requireUser(req.user), req.body, publicBase(req)),
  );

  // The built-in demo gateway (PAYMENT_GATEWAY=demo only): the order id in the address is the capability.
  const orderParams = z.object({ orderId: z.string().trim().min(1).max(40) });
  const demoOrder = async (req: FastifyRequest, orderId: string) => {
    if (cfg.PAYMENT_GATEWAY !== 'demo') throw notFound(PAYMENT_MSG.gatewayOff);
    const order = await repo.orderById(app.db, req.college.id, orderId);
    if (!order) throw notFound(PAYMENT_MSG.unknownOrder);
    return order;
  };

  app.get(
    `${PAY}/demo/:orderId`,
    { config: { access: 'public' }, schema: { params: orderParams, hide: true } },
    async (req, reply) => {
      const order = await demoOrder(req, req.params.orderId);
      return reply.type('text/html').header('cache-control', 'no-store').send(demoPage(order, req.college.name));
    },
  );

  app.post(
    `${PAY}/demo/:orderId`,
    {
      config: { access: 'public' },
      schema: { params: orderParams, body: z.object({ outcome: z.enum(['success', 'failure']) }), hide: true },
    },
    async (req, reply) => {
      const order = await demoOrder(req, req.params.orderId);
      const student = await app.db
        .selectFrom('students')
        .select('email')
        .where('college_id', '=', req.college.id)
        .where('roll_no', '=', order.roll_no)
        .executeTakeFirst();
      const signed = demoCallback(cfg, order, student?.email ?? '', req.body.outcome === 'success');
      // Like Lyra, the gateway notifies the server first, then sends the payer back.
      await recordTransaction(app.db, req.college.id, verifyCallback(signed, key), 'demo');
      const query = new URLSearchParams(signed);
      return reply.redirect(`${returnPath(order)}&${query}`, 303);
    },
  );

  // Receipts and the accountant's history.
  app.get(
    `${PAY}/receipts/:receiptNo`,
    {
      config: { access: 'user' },
      schema: { params: z.object({ receiptNo: z.coerce.number().int().min(1).max(2_000_000_000) }) },
    },
    async (req, reply) => {
      const p = await service.receiptFor(app.db, req.college, requireUser(req.user), req.params.receiptNo);
      const pdf = await receiptPdf({
        collegeName: req.college.name,
        collegeCode: req.college.code,
        receiptNo: p.receipt_no!,
        rollNo: p.roll_no,
        studentName: p.student_name ?? '',
        feeType: p.fee_type,
        examType: p.exam_type,
        semester: p.semester,
        courseCode: p.course_code,
        course: p.course ?? '',
        amount: p.amount,
        currency: p.currency,
        transactionId: p.transaction_id,
        orderId: p.order_id,
        transDate: p.trans_date,
      });
      const name = receiptLabel(req.college.code, p.receipt_no!).replace(/\//g, '-');
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
    },
  );

  app.get(
    `${PAY}/transactions`,
    { config: { access: ACCOUNTS_ROLES }, schema: { querystring: ZTransactionsQuery } },
    async (req) => service.transactionHistory(app.db, req.college.id, req.query),
  );

  app.get(`${PAY}/summary`, { config: { access: ACCOUNTS_ROLES } }, async (req) =>
    service.paymentsSummary(app.db, req.college.id),
  );
}
