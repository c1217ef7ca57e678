import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNTS_ROLES,
  ROLES,
  ZCreatedOrder,
  ZCreateOrder,
  ZFeesOverview,
  ZGatewayFields,
  ZPaymentRecord,
  ZPaymentRecorded,
  ZPaymentsSummary,
  ZTransactionsPage,
  ZTransactionsQuery,
  binaryResponse,
  textResponse,
} from '@erp/shared';
import { API, V1 } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import { assertGatewayConfig, signingKey } from './gateway.js';
import * as callbacks from './payments.callbacks.js';
import * as service from './payments.service.js';
import { contentDisposition } from '../../lib/downloads.js';

const PAY = `${API}/payments`;
const fields = ZGatewayFields;

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

  // Legacy calls of the result screen (spec section 7): public, verified by signature.
  app.get(
    `${V1}/getStudentsFeePaymentDetails`,
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ rollNo: z.string().trim().min(1).max(30), orderId: z.string().trim().min(1).max(40) }),
        response: { 200: ZPaymentRecord },
      },
    },
    async (req) => service.paymentRecord(app.db, req.college.id, req.query.rollNo, req.query.orderId),
  );

  app.get(
    `${V1}/getStudentPaidFeeTransationStatus`,
    { config: { access: 'public' }, schema: { querystring: fields, response: { 200: ZPaymentRecorded } } },
    async (req) => callbacks.paymentStatus(app.db, req.college.id, req.query, key),
  );

  app.post(
    `${V1}/saveFeePaymentDetails`,
    { config: { access: 'public' }, schema: { body: fields, response: { 200: ZPaymentRecorded } } },
    async (req) => callbacks.saveRegularFee(app.db, req.college.id, req.body, key),
  );

  app.post(
    `${V1}/saveSuppleFeePayment`,
    { config: { access: 'public' }, schema: { body: fields, response: { 200: ZPaymentRecorded } } },
    async (req) => callbacks.saveSupplyFee(app.db, req.college.id, req.body, key),
  );

  // Lyra's server-to-server notification: records the payment even when the payer closed the tab.
  app.post(
    `${PAY}/lyra/ipn`,
    { config: { access: 'public' }, schema: { body: fields, response: { 200: textResponse('OK <status>') } } },
    async (req, reply) => reply.type('text/plain').send(await callbacks.recordIpn(app.db, req.college.id, req.body, key)),
  );

  // The student's side.
  app.get(`${PAY}/fees-due`, { config: { access: [ROLES.STUDENT] }, schema: { response: { 200: ZFeesOverview } } }, async (req) =>
    service.feesOverview(app.db, requireUser(req.user)),
  );

  app.post(
    `${PAY}/orders`,
    { config: { access: [ROLES.STUDENT] }, schema: { body: ZCreateOrder, response: { 200: ZCreatedOrder } } },
    async (req) => service.createOrder(app.db, cfg, requireUser(req.user), req.body, publicBase(req)),
  );

  // The built-in demo gateway (PAYMENT_GATEWAY=demo only): the order id in the address is the capability.
  const orderParams = z.object({ orderId: z.string().trim().min(1).max(40) });

  app.get(
    `${PAY}/demo/:orderId`,
    {
      config: { access: 'public' },
      schema: { params: orderParams, hide: true, response: { 200: textResponse('text/html: the demo gateway page') } },
    },
    async (req, reply) =>
      reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(await callbacks.demoGatewayPage(app.db, cfg, req.college, req.params.orderId)),
  );

  app.post(
    `${PAY}/demo/:orderId`,
    {
      config: { access: 'public' },
      schema: {
        params: orderParams,
        body: z.object({ outcome: z.enum(['success', 'failure']) }),
        hide: true,
        response: { 303: z.null().describe('redirect to the result page') },
      },
    },
    async (req, reply) =>
      reply.redirect(
        await callbacks.demoGatewayOutcome(app.db, cfg, req.college.id, req.params.orderId, req.body.outcome === 'success', key),
        303,
      ),
  );

  // Receipts and the accountant's history.
  app.get(
    `${PAY}/receipts/:receiptNo`,
    {
      config: { access: 'user' },
      schema: {
        params: z.object({ receiptNo: z.coerce.number().int().min(1).max(2_000_000_000) }),
        response: { 200: binaryResponse('application/pdf') },
      },
    },
    async (req, reply) => {
      const { pdf, fileName } = await service.receiptDocument(app.db, req.college, requireUser(req.user), req.params.receiptNo);
      return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', fileName)).send(pdf);
    },
  );

  app.get(
    `${PAY}/transactions`,
    { config: { access: ACCOUNTS_ROLES }, schema: { querystring: ZTransactionsQuery, response: { 200: ZTransactionsPage } } },
    async (req) => service.transactionHistory(app.db, req.college, req.query),
  );

  app.get(
    `${PAY}/summary`,
    { config: { access: ACCOUNTS_ROLES }, schema: { response: { 200: ZPaymentsSummary } } },
    async (req) => service.paymentsSummary(app.db, req.college.id),
  );
}
