import type { FastifyInstance } from 'fastify';
import { LIBRARY_INCHARGE, LIBRARY_READERS, LIBRARY_REPORT_ROLES, LIBRARY_STAFF, LIBRARY_WAIVERS, ROLES, libraryEndpoints as lib } from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import { route } from '../../lib/endpoint-route.js';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { badRequest } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './library.service.js';
import { opacAndDeskRoutes } from './opac-desk.routes.js';
import { contentDisposition } from '../../lib/downloads.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const isStaff = (roles: string[]) => roles.some((r) => (LIBRARY_STAFF as string[]).includes(r));

/** The library: catalogue, circulation desk, holds, fines, labels, OPAC, imports and reports. */
export default async function libraryRoutes(app: FastifyInstance) {
  const db = app.db;
  const staff = { access: LIBRARY_STAFF };
  const patronsToo = { access: [...LIBRARY_STAFF, ROLES.STUDENT, ROLES.FACULTY, ROLES.HOD] };

  // Catalogue
  route(app, lib.titles, { access: LIBRARY_READERS }, async (req) => service.search(app.readDb, req.college.id, req.query));
  route(app, lib.opac, { access: 'public' }, async (req) => service.search(app.readDb, req.college.id, req.query));
  route(app, lib.title, { access: LIBRARY_READERS }, async (req) => service.getTitle(db, req.college.id, req.params.id));
  route(app, lib.createTitle, staff, async (req) => service.createTitle(db, req.college.id, req.body));
  route(app, lib.editTitle, staff, async (req) => service.editTitle(db, requireUser(req.user), req.params.id, req.body, req.ip));
  route(app, lib.addCopies, staff, async (req) => service.addCopies(db, req.college.id, req.params.id, req.body));
  route(app, lib.editCopy, staff, async (req) => service.editCopy(db, requireUser(req.user), req.params.id, req.body, req.ip));
  route(app, lib.copyHistory, staff, async (req) => service.copyHistory(db, req.college.id, req.params.barcode));

  // Rules
  route(app, lib.rules, { access: [...LIBRARY_STAFF, ROLES.ADMIN] }, async (req) => service.getRules(db, req.college.id));
  route(app, lib.saveRules, { access: LIBRARY_INCHARGE }, async (req) =>
    service.saveRules(db, requireUser(req.user), req.body, req.ip),
  );

  // Circulation
  route(app, lib.issue, staff, async (req) => service.issue(db, requireUser(req.user), req.body, req.ip));
  route(app, lib.returnCopy, staff, async (req) => service.returnCopy(db, requireUser(req.user), req.body.barcode, req.ip));
  route(app, lib.renew, patronsToo, async (req) =>
    service.renew(db, requireUser(req.user), isStaff(requireUser(req.user).roles), req.params.id),
  );
  route(app, lib.markLost, staff, async (req) => service.markLost(db, requireUser(req.user), req.params.id, req.ip));
  route(app, lib.patron, staff, async (req) => service.patronView(db, req.college.id, req.params.patron));
  route(app, lib.saveOverride, { access: LIBRARY_INCHARGE }, async (req) =>
    service.overridePatron(db, requireUser(req.user), req.params.patron, req.body),
  );
  route(app, lib.override, { access: [...LIBRARY_STAFF, ROLES.ADMIN] }, async (req) =>
    service.overrideDetail(db, req.college.id, req.params.patron),
  );
  route(app, lib.removeOverride, { access: LIBRARY_INCHARGE }, async (req) =>
    service.removeOverride(db, requireUser(req.user), req.params.patron, req.body.reason),
  );
  route(app, lib.me, { access: 'user' }, async (req) => service.myView(db, requireUser(req.user)));
  route(app, lib.stats, { access: [...LIBRARY_STAFF, ROLES.OPAC_LIBRARY] }, async (req) => service.stats(db, req.college.id));

  // Holds
  route(app, lib.placeHold, patronsToo, async (req) =>
    service.placeHold(db, requireUser(req.user), isStaff(requireUser(req.user).roles), req.body),
  );
  route(app, lib.cancelHold, patronsToo, async (req) =>
    service.cancelHold(db, requireUser(req.user), isStaff(requireUser(req.user).roles), req.body.id),
  );
  route(app, lib.holdShelf, staff, async (req) => service.holdShelf(db, req.college.id));

  // Fines
  route(app, lib.payFine, staff, async (req) =>
    service.payFine(db, requireUser(req.user), req.college, req.params.id, publicBaseUrl(req), req.ip, req.body),
  );
  route(app, lib.waiveFine, { access: LIBRARY_WAIVERS }, async (req) =>
    service.waiveFine(db, requireUser(req.user), req.params.id, req.body.reason, req.ip),
  );
  route(app, lib.fineReceipt, patronsToo, async (req, reply) => {
    const pdf = await service.receiptPdf(db, req.college, requireUser(req.user), req.params.id, publicBaseUrl(req));
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', `library-receipt-${req.params.id}.pdf`))
      .send(pdf);
  });

  // Labels, reports, import
  route(app, lib.labels, staff, async (req, reply) => {
    const pdf = await service.labelsPdf(db, req.college.id, req.query);
    return reply.type('application/pdf').header('content-disposition', contentDisposition('inline', 'labels.pdf')).send(pdf);
  });
  route(app, lib.cards, staff, async (req, reply) => {
    const pdf = await service.patronCards(db, req.college, req.query);
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="library-cards.pdf"').send(pdf);
  });
  route(app, lib.report, { access: LIBRARY_REPORT_ROLES }, async (req) => service.report(db, req.college.id, req.query));
  route(app, lib.overdueWorkbook, { access: LIBRARY_REPORT_ROLES }, async (req, reply) => {
    const file = await service.overdueWorkbook(db, req.college.id);
    return reply.type(XLSX_MIME).header('content-disposition', contentDisposition('attachment', 'overdue.xlsx')).send(file);
  });
  // The catalogue as MARC 21 (ISO 2709 in UTF-8, or MARCXML) for another library system.
  for (const [endpoint, name, format, mime] of [
    [lib.catalogueMarc, 'catalogue.mrc', 'marc', 'application/marc'],
    [lib.catalogueMarcXml, 'catalogue.xml', 'marcxml', 'application/marcxml+xml'],
  ] as const)
    route(app, endpoint, staff, async (req, reply) =>
      reply
        .type(mime)
        .header('content-disposition', contentDisposition('attachment', name))
        .send(service.catalogueExport(app.readDb, req.college.id, format)),
    );

  await opacAndDeskRoutes(app);

  await uploadRoutes(app, (up) => {
    route(up, lib.import, staff, async (req) => {
      const { fields, files } = await readMultipart(req, app.config.MAX_UPLOAD_MB);
      const file = files[0];
      if (!file) throw badRequest('Attach the Excel or MARC file');
      return service.importCatalogue(db, req.college.id, file, fields.dryRun === 'true' || fields.dryRun === '1');
    });
  });
}
