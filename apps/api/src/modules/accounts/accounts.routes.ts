import type { FastifyInstance } from 'fastify';
import { ANALYTICS_ROLES, ROLES, accountsEndpoints as accounts } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as bills from './bills.service.js';
import * as concessions from './concessions.service.js';
import * as documents from './documents.js';
import { adjustExcess } from './ledger.excess.js';
import * as refunds from './ledger.refunds.js';
import * as ledger from './ledger.views.js';
import * as reports from './reports.service.js';
import * as structures from './structures.service.js';
import { tallyXml } from './tally.js';
import { contentDisposition } from '../../lib/downloads.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { fileStorage } from '../../lib/storage/index.js';

const { ACCOUNTANT, ACCOUNTANTS_OFFICER, FEEPAYMENTS, PRINCIPAL, ADMIN } = ROLES;
const READ = { access: [ACCOUNTANT, ACCOUNTANTS_OFFICER, FEEPAYMENTS, PRINCIPAL] };
const READ_ADMIN = { access: [...READ.access, ADMIN] };
/** The office's reports and lists, read-only for leadership: where analytics' figures drill down to. */
const LEADERSHIP = { access: [...new Set([...READ.access, ...ANALYTICS_ROLES])] };
const COLLECT = { access: [ACCOUNTANT, ACCOUNTANTS_OFFICER, FEEPAYMENTS] };
const STAFF = { access: [ACCOUNTANT, ACCOUNTANTS_OFFICER] };
const APPROVERS = { access: [ACCOUNTANTS_OFFICER, PRINCIPAL] };
const SETUP = { access: [ACCOUNTANTS_OFFICER, ADMIN] };
const STUDENT = { access: [ROLES.STUDENT] };

/** The accounts office: fee structures and demand, the student ledger, counter receipts, concessions, vendor bills, reports. */
export default async function accountsRoutes(app: FastifyInstance) {
  const db = app.db;

  // Fee heads, structures, demand
  route(app, accounts.heads, READ_ADMIN, async (req) => structures.listHeads(db, req.college.id));
  route(app, accounts.addHead, SETUP, async (req) => structures.addHead(db, req.college.id, req.body, requireUser(req.user)));
  route(app, accounts.structures, READ_ADMIN, async (req) => structures.listStructures(db, req.college.id, req.query));
  route(app, accounts.addStructure, SETUP, async (req) =>
    structures.addStructure(db, req.college.id, req.body, requireUser(req.user)),
  );
  route(app, accounts.updateStructure, SETUP, async (req) =>
    structures.updateStructure(db, req.college.id, req.params.id, req.body, requireUser(req.user)),
  );
  route(app, accounts.raiseDemand, { access: [...STAFF.access, ADMIN] }, async (req) =>
    structures.raiseDemand(db, req.college.id, req.body, requireUser(req.user)),
  );

  // Students and their ledger
  route(app, accounts.students, READ, async (req) => ledger.search(db, req.college.id, req.query.q));
  route(app, accounts.ledger, READ, async (req) => ledger.ledger(db, req.college, req.params.rollNo));
  route(app, accounts.statement, READ, async (req, reply) =>
    reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', `statement-${req.params.rollNo}.pdf`))
      .send(await documents.statement(db, req.college, req.params.rollNo)),
  );

  // The student's own ledger and receipts
  route(app, accounts.myLedger, STUDENT, async (req) => ledger.myLedger(db, req.college, requireUser(req.user).id));
  route(app, accounts.myReceiptPdf, STUDENT, async (req, reply) => {
    await ledger.assertOwnReceipt(db, req.college.id, requireUser(req.user).id, req.params.id);
    const { buffer, name } = await documents.receiptDocument(req, db, req.college, req.params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}.pdf"`).send(buffer);
  });

  // Counter receipts
  route(app, accounts.collect, COLLECT, async (req) => documents.collectAndIssue(req, db, requireUser(req.user), req.body));
  route(app, accounts.receipt, READ, async (req) => ledger.receipt(db, req.college, req.params.id));
  route(app, accounts.receiptPdf, READ, async (req, reply) => {
    const { buffer, name } = await documents.receiptDocument(req, db, req.college, req.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', `${name}.pdf`))
      .send(buffer);
  });
  route(app, accounts.cancelReceipt, { access: [ACCOUNTANTS_OFFICER] }, async (req) =>
    documents.cancelAndRevoke(db, req.college, requireUser(req.user), req.params.id, req.body.reason),
  );

  // Money receipts brought beyond what their lines were due, held for the students
  route(app, accounts.excessCredits, READ, async (req) => ledger.excessCredits(db, req.college, req.query));
  route(app, accounts.adjustExcess, STAFF, async (req) => adjustExcess(db, req.college, requireUser(req.user), req.params.id));

  // Refunds of excess credits: an accountant proposes, the officer decides, the office pays a voucher
  route(app, accounts.refunds, READ, async (req) => refunds.list(db, req.college, req.query));
  route(app, accounts.proposeRefund, STAFF, async (req) => refunds.propose(db, req.college, requireUser(req.user), req.body));
  route(app, accounts.decideRefund, { access: [ACCOUNTANTS_OFFICER] }, async (req) =>
    refunds.decide(db, req.college, requireUser(req.user), req.params.id, req.body),
  );
  route(app, accounts.payRefund, STAFF, async (req) =>
    documents.payRefundAndIssue(req, db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, accounts.refundVoucherPdf, READ, async (req, reply) => {
    const { buffer, name } = await documents.refundVoucherDocument(req, db, req.college, req.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', `${name}.pdf`))
      .send(buffer);
  });

  // Concessions and the government's share
  route(app, accounts.concessionTypes, LEADERSHIP, async (req) => concessions.listTypes(db, req.college.id));
  route(app, accounts.addConcessionType, SETUP, async (req) => concessions.addType(db, req.college.id, req.body));
  route(app, accounts.concessions, LEADERSHIP, async (req) => concessions.list(db, req.college.id, req.query));
  route(app, accounts.proposeConcession, STAFF, async (req) => concessions.propose(db, requireUser(req.user), req.body));
  route(app, accounts.decideConcession, APPROVERS, async (req) =>
    concessions.decide(db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, accounts.receivables, READ, async (req) => concessions.receivables(db, req.college.id, req.query));
  route(app, accounts.updateReceivable, STAFF, async (req) =>
    concessions.updateReceivable(db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, accounts.settings, LEADERSHIP, async (req) => concessions.getSettings(db, req.college.id));
  route(app, accounts.saveSettings, APPROVERS, async (req) =>
    concessions.saveSettings(db, req.college.id, req.body, requireUser(req.user)),
  );

  // Vendors and bills
  route(app, accounts.vendors, LEADERSHIP, async (req) => bills.listVendors(db, req.college.id));
  route(app, accounts.addVendor, STAFF, async (req) => bills.addVendor(db, req.college.id, req.body));
  route(app, accounts.bills, LEADERSHIP, async (req) => bills.listBills(db, req.college, req.query));
  route(app, accounts.addBill, STAFF, async (req) => bills.addBill(db, req.college, requireUser(req.user), req.body));
  route(app, accounts.decideBill, APPROVERS, async (req) =>
    bills.decideBill(db, req.college, requireUser(req.user), req.params.id, req.body),
  );
  route(app, accounts.payBill, STAFF, async (req) =>
    documents.payAndIssue(req, db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, accounts.voucherPdf, READ, async (req, reply) => {
    const { buffer, name } = await documents.voucherDocument(req, db, req.college, req.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', `${name}.pdf`))
      .send(buffer);
  });
  route(app, accounts.invoice, READ, async (req, reply) => {
    const { file, mime, name } = await bills.invoiceFile(db, req.college.id, req.params.id, fileStorage(app.config));
    return reply.type(mime).header('content-disposition', contentDisposition('inline', name)).send(file.body);
  });
  await uploadRoutes(app, (up) => {
    // multipart: the vendor's invoice (PDF, JPG or PNG) in the part `invoice`
    route(up, accounts.attachInvoice, STAFF, async (req) =>
      bills.attachInvoice(
        db,
        req.college,
        requireUser(req.user),
        req.params.id,
        (await readMultipart(req, app.config.MAX_UPLOAD_MB)).files,
        fileStorage(app.config),
      ),
    );
  });
  route(app, accounts.payables, LEADERSHIP, async (req) => bills.payables(db, req.college.id));

  // Reports
  route(app, accounts.summary, LEADERSHIP, async (req) => reports.summary(db, req.college.id));
  route(app, accounts.transactions, LEADERSHIP, async (req) => reports.transactions(db, req.college, req.query));
  route(app, accounts.dayBook, LEADERSHIP, async (req) => reports.dayBook(db, req.college, req.query.date, req.query.book));
  route(app, accounts.collections, LEADERSHIP, async (req) => reports.collections(db, req.college.id, req.query.from, req.query.to));
  route(app, accounts.dues, LEADERSHIP, async (req) => reports.dues(db, req.college.id, req.query));
  route(app, accounts.duesWorkbook, LEADERSHIP, async (req, reply) =>
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('attachment', `dues${req.query.batch ? `-${req.query.batch}` : ''}.xlsx`))
      .send(await reports.duesWorkbook(db, req.college.id, req.query)),
  );
  route(app, accounts.annualReport, { access: [...READ.access, ROLES.IQAC_INCHARGE] }, async (req) =>
    reports.annualReport(db, req.college.id, req.query.fy),
  );
  route(app, accounts.tally, { access: [ACCOUNTANT, ACCOUNTANTS_OFFICER] }, async (req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `tally-${req.query.from}-${req.query.to}.xml`))
      .send(await tallyXml(db, req.college, req.query.from, req.query.to)),
  );
}
