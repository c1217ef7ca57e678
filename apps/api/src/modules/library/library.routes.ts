import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  LIBRARY_INCHARGE,
  LIBRARY_READERS,
  LIBRARY_STAFF,
  LIBRARY_WAIVERS,
  ROLES,
  ZBarcodeParams,
  ZCopiesAdded,
  ZCopyHistory,
  ZCopyUpdated,
  ZCopiesInput,
  ZCopyUpdate,
  ZFinePayment,
  ZFineSettled,
  ZHold,
  ZHoldCancel,
  ZHoldRequest,
  ZHoldShelf,
  ZIdParams,
  ZLibraryImportReport,
  ZCardsQuery,
  ZPatronOverride,
  ZPatronOverrideInput,
  ZPatronOverrideDetail,
  ZPatronOverrideRemove,
  ZLabelsQuery,
  ZLibraryReport,
  ZLibraryStats,
  ZLoan,
  ZLoanRequest,
  ZMessage,
  ZPatronParams,
  ZPatronView,
  ZReportQuery,
  ZReturnRequest,
  ZReturnResult,
  ZRules,
  ZRulesInput,
  ZTitleDetail,
  ZTitleInput,
  ZTitleList,
  ZTitleSaved,
  ZTitleSearch,
  ZWaiveRequest,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { publicBaseUrl } from '../../lib/documents.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { badRequest } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './library.service.js';
import { opacAndDeskRoutes } from './opac-desk.routes.js';
import { contentDisposition } from '../../lib/downloads.js';

const LIB = `${API}/library`;
const PDF = { 200: z.any().describe('application/pdf') };
const XLSX = { 200: z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') };
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const isStaff = (roles: string[]) => roles.some((r) => (LIBRARY_STAFF as string[]).includes(r));

/** The library: catalogue, circulation desk, holds, fines, labels, OPAC, imports and reports. */
export default async function libraryRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = root.db;
  const staff = { access: LIBRARY_STAFF };
  const patronsToo = { access: [...LIBRARY_STAFF, ROLES.STUDENT, ROLES.FACULTY, ROLES.HOD] };

  // Catalogue
  app.get(
    `${LIB}/titles`,
    { config: { access: LIBRARY_READERS }, schema: { querystring: ZTitleSearch, response: { 200: ZTitleList } } },
    async (req) => service.search(root.readDb, req.college.id, req.query),
  );
  app.get(
    `${LIB}/opac`,
    { config: { access: 'public' }, schema: { querystring: ZTitleSearch, response: { 200: ZTitleList } } },
    async (req) => service.search(root.readDb, req.college.id, req.query),
  );
  app.get(
    `${LIB}/titles/:id`,
    { config: { access: LIBRARY_READERS }, schema: { params: ZIdParams, response: { 200: ZTitleDetail } } },
    async (req) => service.getTitle(db, req.college.id, req.params.id),
  );
  app.post(`${LIB}/titles`, { config: staff, schema: { body: ZTitleInput, response: { 200: ZTitleSaved } } }, async (req) =>
    service.createTitle(db, req.college.id, req.body),
  );
  app.put(
    `${LIB}/titles/:id`,
    { config: staff, schema: { params: ZIdParams, body: ZTitleInput, response: { 200: ZTitleSaved } } },
    async (req) => service.editTitle(db, requireUser(req.user), req.params.id, req.body, req.ip),
  );
  app.post(
    `${LIB}/titles/:id/copies`,
    { config: staff, schema: { params: ZIdParams, body: ZCopiesInput, response: { 200: ZCopiesAdded } } },
    async (req) => service.addCopies(db, req.college.id, req.params.id, req.body),
  );
  app.put(
    `${LIB}/copies/:id`,
    { config: staff, schema: { params: ZIdParams, body: ZCopyUpdate, response: { 200: ZCopyUpdated } } },
    async (req) => service.editCopy(db, requireUser(req.user), req.params.id, req.body, req.ip),
  );
  app.get(
    `${LIB}/copies/:barcode/history`,
    { config: staff, schema: { params: ZBarcodeParams, response: { 200: ZCopyHistory } } },
    async (req) => service.copyHistory(db, req.college.id, req.params.barcode),
  );

  // Rules
  app.get(
    `${LIB}/rules`,
    { config: { access: [...LIBRARY_STAFF, ROLES.ADMIN] }, schema: { response: { 200: ZRules } } },
    async (req) => service.getRules(db, req.college.id),
  );
  app.put(
    `${LIB}/rules`,
    { config: { access: LIBRARY_INCHARGE }, schema: { body: ZRulesInput, response: { 200: ZRules } } },
    async (req) => service.saveRules(db, requireUser(req.user), req.body, req.ip),
  );

  // Circulation
  app.post(`${LIB}/loans`, { config: staff, schema: { body: ZLoanRequest, response: { 200: ZLoan } } }, async (req) =>
    service.issue(db, requireUser(req.user), req.body, req.ip),
  );
  app.post(`${LIB}/returns`, { config: staff, schema: { body: ZReturnRequest, response: { 200: ZReturnResult } } }, async (req) =>
    service.returnCopy(db, requireUser(req.user), req.body.barcode, req.ip),
  );
  app.post(
    `${LIB}/loans/:id/renew`,
    { config: patronsToo, schema: { params: ZIdParams, response: { 200: ZLoan } } },
    async (req) => service.renew(db, requireUser(req.user), isStaff(requireUser(req.user).roles), req.params.id),
  );
  app.post(
    `${LIB}/loans/:id/lost`,
    { config: staff, schema: { params: ZIdParams, response: { 200: ZReturnResult } } },
    async (req) => service.markLost(db, requireUser(req.user), req.params.id, req.ip),
  );
  app.get(
    `${LIB}/patrons/:patron`,
    { config: staff, schema: { params: ZPatronParams, response: { 200: ZPatronView } } },
    async (req) => service.patronView(db, req.college.id, req.params.patron),
  );
  app.put(
    `${LIB}/patrons/:patron/override`,
    {
      config: { access: LIBRARY_INCHARGE },
      schema: {
        params: z.object({ patron: z.string().trim().min(1).max(40) }),
        body: ZPatronOverrideInput,
        response: { 200: ZPatronOverride },
      },
    },
    async (req) => service.overridePatron(db, requireUser(req.user), req.params.patron, req.body),
  );
  app.get(
    `${LIB}/patrons/:patron/override`,
    {
      config: { access: [...LIBRARY_STAFF, ROLES.ADMIN] },
      schema: { params: ZPatronParams, response: { 200: ZPatronOverrideDetail } },
    },
    async (req) => service.overrideDetail(db, req.college.id, req.params.patron),
  );
  app.delete(
    `${LIB}/patrons/:patron/override`,
    {
      config: { access: LIBRARY_INCHARGE },
      schema: { params: ZPatronParams, body: ZPatronOverrideRemove, response: { 200: ZPatronOverride } },
    },
    async (req) => service.removeOverride(db, requireUser(req.user), req.params.patron, req.body.reason),
  );
  app.get(`${LIB}/me`, { config: { access: 'user' }, schema: { response: { 200: ZPatronView } } }, async (req) =>
    service.myView(db, requireUser(req.user)),
  );
  app.get(
    `${LIB}/stats`,
    { config: { access: [...LIBRARY_STAFF, ROLES.OPAC_LIBRARY] }, schema: { response: { 200: ZLibraryStats } } },
    async (req) => service.stats(db, req.college.id),
  );

  // Holds
  app.post(`${LIB}/holds`, { config: patronsToo, schema: { body: ZHoldRequest, response: { 200: ZHold } } }, async (req) =>
    service.placeHold(db, requireUser(req.user), isStaff(requireUser(req.user).roles), req.body),
  );
  app.delete(`${LIB}/holds`, { config: patronsToo, schema: { body: ZHoldCancel, response: { 200: ZMessage } } }, async (req) =>
    service.cancelHold(db, requireUser(req.user), isStaff(requireUser(req.user).roles), req.body.id),
  );
  app.get(`${LIB}/holds/shelf`, { config: staff, schema: { response: { 200: ZHoldShelf } } }, async (req) =>
    service.holdShelf(db, req.college.id),
  );

  // Fines
  app.post(
    `${LIB}/fines/:id/pay`,
    // No body: cash, as before the desk asked for the mode.
    {
      config: staff,
      schema: { params: ZIdParams, body: z.preprocess((v) => v ?? { mode: 'cash' }, ZFinePayment), response: { 200: ZFineSettled } },
    },
    async (req) =>
      service.payFine(db, requireUser(req.user), req.college, req.params.id, publicBaseUrl(req), req.ip, req.body),
  );
  app.post(
    `${LIB}/fines/:id/waive`,
    { config: { access: LIBRARY_WAIVERS }, schema: { params: ZIdParams, body: ZWaiveRequest, response: { 200: ZFineSettled } } },
    async (req) => service.waiveFine(db, requireUser(req.user), req.params.id, req.body.reason, req.ip),
  );
  app.get(
    `${LIB}/fines/:id/receipt.pdf`,
    { config: patronsToo, schema: { params: ZIdParams, response: PDF } },
    async (req, reply) => {
      const pdf = await service.receiptPdf(db, req.college, requireUser(req.user), req.params.id, publicBaseUrl(req));
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', `library-receipt-${req.params.id}.pdf`))
        .send(pdf);
    },
  );

  // Labels, reports, import
  app.get(`${LIB}/labels.pdf`, { config: staff, schema: { querystring: ZLabelsQuery, response: PDF } }, async (req, reply) => {
    const pdf = await service.labelsPdf(db, req.college.id, req.query);
    return reply.type('application/pdf').header('content-disposition', contentDisposition('inline', 'labels.pdf')).send(pdf);
  });
  app.get(`${LIB}/cards.pdf`, { config: staff, schema: { querystring: ZCardsQuery, response: PDF } }, async (req, reply) => {
    const pdf = await service.patronCards(db, req.college, req.query);
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="library-cards.pdf"').send(pdf);
  });
  app.get(
    `${LIB}/reports`,
    { config: staff, schema: { querystring: ZReportQuery, response: { 200: ZLibraryReport } } },
    async (req) => service.report(db, req.college.id, req.query),
  );
  app.get(`${LIB}/reports/overdue.xlsx`, { config: staff, schema: { response: XLSX } }, async (req, reply) => {
    const file = await service.overdueWorkbook(db, req.college.id);
    return reply.type(XLSX_MIME).header('content-disposition', contentDisposition('attachment', 'overdue.xlsx')).send(file);
  });
  // The catalogue as MARC 21 (ISO 2709 in UTF-8, or MARCXML) for another library system.
  for (const [name, format, mime] of [
    ['catalogue.mrc', 'marc', 'application/marc'],
    ['catalogue.xml', 'marcxml', 'application/marcxml+xml'],
  ] as const)
    app.get(`${LIB}/${name}`, { config: staff, schema: { response: { 200: z.any().describe(mime) } } }, async (req, reply) =>
      reply
        .type(mime)
        .header('content-disposition', contentDisposition('attachment', name))
        .send(service.catalogueExport(root.readDb, req.college.id, format)),
    );

  await opacAndDeskRoutes(root);

  await uploadRoutes(root, (up) => {
    up.post(`${LIB}/import`, { config: staff, schema: { response: { 200: ZLibraryImportReport } } }, async (req) => {
      const { fields, files } = await readMultipart(req, root.config.MAX_UPLOAD_MB);
      const file = files[0];
      if (!file) throw badRequest('Attach the Excel or MARC file');
      return service.importCatalogue(db, req.college.id, file, fields.dryRun === 'true' || fields.dryRun === '1');
    });
  });
}
