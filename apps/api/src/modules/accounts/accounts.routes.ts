import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  ROLES,
  ZAccountsReport,
  ZAccountsSettings,
  ZAccountsSummary,
  ZBill,
  ZBillInput,
  ZBillPayment,
  ZBillPaymentInput,
  ZBillQuery,
  ZCancelReceipt,
  ZCollect,
  ZCollectionReport,
  ZConcession,
  ZConcessionInput,
  ZConcessionQuery,
  ZConcessionType,
  ZConcessionTypeInput,
  ZDateRange,
  ZDayBook,
  ZDayBookQuery,
  ZDecision,
  ZDemandResult,
  ZDuesPage,
  ZDuesQuery,
  ZExcessCredit,
  ZExcessCreditQuery,
  ZFeeHead,
  ZFeeHeadInput,
  ZFeeStructure,
  ZFeeStructureInput,
  ZFeeStructureQuery,
  ZFyQuery,
  ZIdParams,
  ZPayables,
  ZRaiseDemand,
  ZReceipt,
  ZReceivable,
  ZReceivableQuery,
  ZReceivableUpdate,
  ZRollParams,
  ZStudentHit,
  ZStudentLedger,
  ZStudentSearch,
  ZTransactionPage,
  ZTransactionQuery,
  ZVendor,
  ZVendorInput,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as bills from './bills.service.js';
import * as concessions from './concessions.service.js';
import * as documents from './documents.js';
import * as ledger from './ledger.service.js';
import * as reports from './reports.service.js';
import * as structures from './structures.service.js';
import { tallyXml } from './tally.js';
import { contentDisposition } from '../../lib/downloads.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';

const A = `${API}/accounts`;
const { ACCOUNTANT, ACCOUNTANTS_OFFICER, FEEPAYMENTS, PRINCIPAL, ADMIN } = ROLES;
const READ = [ACCOUNTANT, ACCOUNTANTS_OFFICER, FEEPAYMENTS, PRINCIPAL];
const COLLECT = [ACCOUNTANT, ACCOUNTANTS_OFFICER, FEEPAYMENTS];
const STAFF = [ACCOUNTANT, ACCOUNTANTS_OFFICER];
const APPROVERS = [ACCOUNTANTS_OFFICER, PRINCIPAL];
const SETUP = [ACCOUNTANTS_OFFICER, ADMIN];
const pdf = { 200: z.any().describe('application/pdf') };

/** The accounts office: fee structures and demand, the student ledger, counter receipts, concessions, vendor bills, reports. */
export default async function accountsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // Fee heads, structures, demand
  app.get(
    `${A}/fee-heads`,
    { config: { access: [...READ, ADMIN] }, schema: { response: { 200: z.array(ZFeeHead) } } },
    async (req) => structures.listHeads(db, req.college.id),
  );
  app.post(
    `${A}/fee-heads`,
    { config: { access: SETUP }, schema: { body: ZFeeHeadInput, response: { 200: ZFeeHead } } },
    async (req) => structures.addHead(db, req.college.id, req.body, requireUser(req.user)),
  );
  app.get(
    `${A}/fee-structures`,
    {
      config: { access: [...READ, ADMIN] },
      schema: { querystring: ZFeeStructureQuery, response: { 200: z.array(ZFeeStructure) } },
    },
    async (req) => structures.listStructures(db, req.college.id, req.query),
  );
  app.post(
    `${A}/fee-structures`,
    { config: { access: SETUP }, schema: { body: ZFeeStructureInput, response: { 200: ZFeeStructure } } },
    async (req) => structures.addStructure(db, req.college.id, req.body, requireUser(req.user)),
  );
  app.put(
    `${A}/fee-structures/:id`,
    { config: { access: SETUP }, schema: { params: ZIdParams, body: ZFeeStructureInput, response: { 200: ZFeeStructure } } },
    async (req) => structures.updateStructure(db, req.college.id, req.params.id, req.body, requireUser(req.user)),
  );
  app.post(
    `${A}/demands`,
    { config: { access: [...STAFF, ADMIN] }, schema: { body: ZRaiseDemand, response: { 200: ZDemandResult } } },
    async (req) => structures.raiseDemand(db, req.college.id, req.body, requireUser(req.user)),
  );

  // Students and their ledger
  app.get(
    `${A}/students`,
    { config: { access: READ }, schema: { querystring: ZStudentSearch, response: { 200: z.array(ZStudentHit) } } },
    async (req) => ledger.search(db, req.college.id, req.query.q),
  );
  app.get(
    `${A}/students/:rollNo/ledger`,
    { config: { access: READ }, schema: { params: ZRollParams, response: { 200: ZStudentLedger } } },
    async (req) => ledger.ledger(db, req.college, req.params.rollNo),
  );
  app.get(
    `${A}/students/:rollNo/statement`,
    { config: { access: READ }, schema: { params: ZRollParams, response: pdf } },
    async (req, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', `statement-${req.params.rollNo}.pdf`))
        .send(await documents.statement(db, req.college, req.params.rollNo)),
  );

  // The student's own ledger and receipts
  app.get(`${A}/me/ledger`, { config: { access: [ROLES.STUDENT] }, schema: { response: { 200: ZStudentLedger } } }, async (req) =>
    ledger.myLedger(db, req.college, requireUser(req.user).id),
  );
  app.get(
    `${A}/me/receipts/:id/pdf`,
    { config: { access: [ROLES.STUDENT] }, schema: { params: ZIdParams, response: pdf } },
    async (req, reply) => {
      await ledger.assertOwnReceipt(db, req.college.id, requireUser(req.user).id, req.params.id);
      const { buffer, name } = await documents.receiptDocument(req, db, req.college, req.params.id);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}.pdf"`).send(buffer);
    },
  );

  // Counter receipts
  app.post(
    `${A}/receipts`,
    { config: { access: COLLECT }, schema: { body: ZCollect, response: { 200: ZReceipt } } },
    async (req) => documents.collectAndIssue(req, db, requireUser(req.user), req.body),
  );
  app.get(
    `${A}/receipts/:id`,
    { config: { access: READ }, schema: { params: ZIdParams, response: { 200: ZReceipt } } },
    async (req) => ledger.receipt(db, req.college, req.params.id),
  );
  app.get(
    `${A}/receipts/:id/pdf`,
    { config: { access: READ }, schema: { params: ZIdParams, response: pdf } },
    async (req, reply) => {
      const { buffer, name } = await documents.receiptDocument(req, db, req.college, req.params.id);
      return reply.type('application/pdf').header('content-disposition', contentDisposition('inline', `${name}.pdf`)).send(buffer);
    },
  );
  app.post(
    `${A}/receipts/:id/cancel`,
    {
      config: { access: [ACCOUNTANTS_OFFICER] },
      schema: { params: ZIdParams, body: ZCancelReceipt, response: { 200: ZReceipt } },
    },
    async (req) => documents.cancelAndRevoke(db, req.college, requireUser(req.user), req.params.id, req.body.reason),
  );

  // Money receipts brought beyond what their lines were due, held for the students
  app.get(
    `${A}/excess-credits`,
    { config: { access: READ }, schema: { querystring: ZExcessCreditQuery, response: { 200: z.array(ZExcessCredit) } } },
    async (req) => ledger.excessCredits(db, req.college, req.query),
  );

  // Concessions and the government's share
  app.get(
    `${A}/concession-types`,
    { config: { access: READ }, schema: { response: { 200: z.array(ZConcessionType) } } },
    async (req) => concessions.listTypes(db, req.college.id),
  );
  app.post(
    `${A}/concession-types`,
    { config: { access: SETUP }, schema: { body: ZConcessionTypeInput, response: { 200: ZConcessionType } } },
    async (req) => concessions.addType(db, req.college.id, req.body),
  );
  app.get(
    `${A}/concessions`,
    { config: { access: READ }, schema: { querystring: ZConcessionQuery, response: { 200: z.array(ZConcession) } } },
    async (req) => concessions.list(db, req.college.id, req.query),
  );
  app.post(
    `${A}/concessions`,
    { config: { access: STAFF }, schema: { body: ZConcessionInput, response: { 200: ZConcession } } },
    async (req) => concessions.propose(db, requireUser(req.user), req.body),
  );
  app.post(
    `${A}/concessions/:id/decision`,
    { config: { access: APPROVERS }, schema: { params: ZIdParams, body: ZDecision, response: { 200: ZConcession } } },
    async (req) => concessions.decide(db, requireUser(req.user), req.params.id, req.body),
  );
  app.get(
    `${A}/receivables`,
    { config: { access: READ }, schema: { querystring: ZReceivableQuery, response: { 200: z.array(ZReceivable) } } },
    async (req) => concessions.receivables(db, req.college.id, req.query),
  );
  app.post(
    `${A}/receivables/:id`,
    {
      config: { access: STAFF },
      schema: {
        params: ZIdParams,
        body: ZReceivableUpdate,
        response: { 200: z.object({ lineId: z.number(), sanctionStatus: z.string(), receiptId: z.number().nullable() }) },
      },
    },
    async (req) => concessions.updateReceivable(db, requireUser(req.user), req.params.id, req.body),
  );
  app.get(`${A}/settings`, { config: { access: READ }, schema: { response: { 200: ZAccountsSettings } } }, async (req) =>
    concessions.getSettings(db, req.college.id),
  );
  app.put(
    `${A}/settings`,
    { config: { access: APPROVERS }, schema: { body: ZAccountsSettings, response: { 200: ZAccountsSettings } } },
    async (req) => concessions.saveSettings(db, req.college.id, req.body, requireUser(req.user)),
  );

  // Vendors and bills
  app.get(`${A}/vendors`, { config: { access: READ }, schema: { response: { 200: z.array(ZVendor) } } }, async (req) =>
    bills.listVendors(db, req.college.id),
  );
  app.post(
    `${A}/vendors`,
    { config: { access: STAFF }, schema: { body: ZVendorInput, response: { 200: ZVendor } } },
    async (req) => bills.addVendor(db, req.college.id, req.body),
  );
  app.get(
    `${A}/bills`,
    { config: { access: READ }, schema: { querystring: ZBillQuery, response: { 200: z.array(ZBill) } } },
    async (req) => bills.listBills(db, req.college, req.query),
  );
  app.post(`${A}/bills`, { config: { access: STAFF }, schema: { body: ZBillInput, response: { 200: ZBill } } }, async (req) =>
    bills.addBill(db, req.college, requireUser(req.user), req.body),
  );
  app.post(
    `${A}/bills/:id/decision`,
    { config: { access: APPROVERS }, schema: { params: ZIdParams, body: ZDecision, response: { 200: ZBill } } },
    async (req) => bills.decideBill(db, req.college, requireUser(req.user), req.params.id, req.body),
  );
  app.post(
    `${A}/bills/:id/payments`,
    { config: { access: STAFF }, schema: { params: ZIdParams, body: ZBillPaymentInput, response: { 200: ZBillPayment } } },
    async (req) => documents.payAndIssue(req, db, requireUser(req.user), req.params.id, req.body),
  );
  app.get(
    `${A}/bill-payments/:id/pdf`,
    { config: { access: READ }, schema: { params: ZIdParams, response: pdf } },
    async (req, reply) => {
      const { buffer, name } = await documents.voucherDocument(req, db, req.college, req.params.id);
      return reply.type('application/pdf').header('content-disposition', contentDisposition('inline', `${name}.pdf`)).send(buffer);
    },
  );
  app.get(
    `${A}/bills/:id/invoice`,
    { config: { access: READ }, schema: { params: ZIdParams, response: { 200: z.any().describe('the vendor’s invoice') } } },
    async (req, reply) => {
      const { data, mime, name } = await bills.invoiceFile(db, req.college.id, req.params.id, root.config.UPLOAD_DIR);
      return reply.type(mime).header('content-disposition', contentDisposition('inline', name)).send(data);
    },
  );
  await uploadRoutes(root, (up) => {
    // multipart: the vendor's invoice (PDF, JPG or PNG) in the part `invoice`
    up.post(
      `${A}/bills/:id/invoice`,
      {
        config: { access: STAFF },
        schema: { params: ZIdParams, multipart: { invoice: 'PDF, JPG or PNG' }, response: { 200: ZBill } },
      },
      async (req) =>
        bills.attachInvoice(
          db,
          req.college,
          requireUser(req.user),
          req.params.id,
          (await readMultipart(req, root.config.MAX_UPLOAD_MB)).files,
          root.config.UPLOAD_DIR,
        ),
    );
  });
  app.get(`${A}/payables`, { config: { access: READ }, schema: { response: { 200: ZPayables } } }, async (req) =>
    bills.payables(db, req.college.id),
  );

  // Reports
  app.get(`${A}/summary`, { config: { access: READ }, schema: { response: { 200: ZAccountsSummary } } }, async (req) =>
    reports.summary(db, req.college.id),
  );
  app.get(
    `${A}/transactions`,
    { config: { access: READ }, schema: { querystring: ZTransactionQuery, response: { 200: ZTransactionPage } } },
    async (req) => reports.transactions(db, req.college, req.query),
  );
  app.get(
    `${A}/daybook`,
    { config: { access: READ }, schema: { querystring: ZDayBookQuery, response: { 200: ZDayBook } } },
    async (req) => reports.dayBook(db, req.college, req.query.date, req.query.book),
  );
  app.get(
    `${A}/collections`,
    { config: { access: READ }, schema: { querystring: ZDateRange, response: { 200: ZCollectionReport } } },
    async (req) => reports.collections(db, req.college.id, req.query.from, req.query.to),
  );
  app.get(
    `${A}/dues`,
    { config: { access: READ }, schema: { querystring: ZDuesQuery, response: { 200: ZDuesPage } } },
    async (req) => reports.dues(db, req.college.id, req.query),
  );
  app.get(
    `${A}/dues.xlsx`,
    {
      config: { access: READ },
      schema: {
        querystring: ZDuesQuery,
        response: { 200: z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') },
      },
    },
    async (req, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', `dues${req.query.batch ? `-${req.query.batch}` : ''}.xlsx`))
        .send(await reports.duesWorkbook(db, req.college.id, req.query)),
  );
  app.get(
    `${A}/reports/annual`,
    { config: { access: [...READ, ROLES.IQAC_INCHARGE] }, schema: { querystring: ZFyQuery, response: { 200: ZAccountsReport } } },
    async (req) => reports.annualReport(db, req.college.id, req.query.fy),
  );
  app.get(
    `${A}/export/tally`,
    {
      config: { access: [ACCOUNTANT, ACCOUNTANTS_OFFICER] },
      schema: { querystring: ZDateRange, response: { 200: z.string().describe('application/xml') } },
    },
    async (req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `tally-${req.query.from}-${req.query.to}.xml`))
        .send(await tallyXml(db, req.college, req.query.from, req.query.to)),
  );
}
