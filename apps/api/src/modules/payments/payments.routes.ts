import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ACCOUNTS_ROLES, ROLES, ZGatewayFields, paymentEndpoints as pay, textResponse } from '@erp/shared';
import { API } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import { assertGatewayConfig, signingKey } from './gateway.js';
import * as callbacks from './payments.callbacks.js';
import * as service from './payments.service.js';
import { contentDisposition } from '../../lib/downloads.js';

const PAY = `${API}/payments`;

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
  const open = { access: 'public' as const };
  route(app, pay.paymentRecord, open, async (req) =>
    service.paymentRecord(app.db, req.college.id, req.query.rollNo, req.query.orderId),
  );
  route(app, pay.transactionStatus, open, async (req) => callbacks.paymentStatus(app.db, req.college.id, req.query, key));
  route(app, pay.saveFee, open, async (req) => callbacks.saveRegularFee(app.db, req.college.id, req.body, key));
  route(app, pay.saveSupplyFee, open, async (req) => callbacks.saveSupplyFee(app.db, req.college.id, req.body, key));

  // Lyra's server-to-server notification: records the payment even when the payer closed the tab.
  app.post(
    `${PAY}/lyra/ipn`,
    { config: { access: 'public' }, schema: { body: ZGatewayFields, response: { 200: textResponse('OK <status>') } } },
    async (req, reply) => reply.type('text/plain').send(await callbacks.recordIpn(app.db, req.college.id, req.body, key)),
  );

  // The student's side.
  route(app, pay.feesDue, { access: [ROLES.STUDENT] }, async (req) => service.feesOverview(app.db, requireUser(req.user)));
  route(app, pay.createOrder, { access: [ROLES.STUDENT] }, async (req) =>
    service.createOrder(app.db, cfg, requireUser(req.user), req.body, publicBase(req)),
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
  route(app, pay.receiptPdf, { access: 'user' }, async (req, reply) => {
    const { pdf, fileName } = await service.receiptDocument(app.db, req.college, requireUser(req.user), req.params.receiptNo);
    return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', fileName)).send(pdf);
  });
  route(app, pay.transactions, { access: ACCOUNTS_ROLES }, async (req) =>
    service.transactionHistory(app.db, req.college, req.query),
  );
  route(app, pay.summary, { access: ACCOUNTS_ROLES }, async (req) => service.paymentsSummary(app.db, req.college.id));
}
