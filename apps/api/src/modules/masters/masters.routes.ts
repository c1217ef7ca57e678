import type { FastifyInstance } from 'fastify';
import {
  MASTER_IMPORT_TITLES,
  MASTER_KINDS,
  MASTERS_READ_ROLES,
  MASTERS_WRITE_ROLES,
  mastersByKind,
  mastersEndpoints,
} from '@erp/shared';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { route } from '../../lib/endpoint-route.js';
import { importMasters, importTemplate } from './masters.import.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './masters.service.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `/api/masters/<kind>`: list (search, paging), create, edit, retire (DELETE never removes a row). */
export default async function mastersRoutes(app: FastifyInstance) {
  const read = { access: MASTERS_READ_ROLES };
  const write = { access: MASTERS_WRITE_ROLES };
  const staff = (req: { user: Parameters<typeof requireUser>[0] }) => service.staffOf(app.db, requireUser(req.user));

  for (const kind of MASTER_KINDS) {
    const endpoints = mastersByKind[kind];
    route(app, endpoints.list, read, async (req) => service.list(app.db, await staff(req), kind, req.query));
    route(app, endpoints.create, write, async (req) => service.create(app.db, req.college.id, kind, req.body));
    route(app, endpoints.update, write, async (req) => service.update(app.db, req.college.id, kind, req.params.id, req.body));
    route(app, endpoints.retire, write, async (req) => service.retire(app.db, req.college.id, kind, req.params.id));
  }

  route(app, mastersEndpoints.sectionStudents, read, async (req) =>
    service.sectionStudents(app.db, await staff(req), req.params.id),
  );
  route(app, mastersEndpoints.assignSectionStudents, write, async (req) =>
    service.assignSectionStudents(app.db, await staff(req), req.params.id, req.body),
  );

  // Student records: the office views and edits them (profile fields, status, section).
  route(app, mastersEndpoints.students, write, async (req) => service.studentRecords(app.db, await staff(req), req.query));
  route(app, mastersEndpoints.saveStudent, write, async (req) =>
    service.updateStudentRecord(app.db, await staff(req), req.params.id, req.body),
  );

  // Excel imports (the shared import panel): a template per kind, a dry run, per-row rejects.
  route(app, mastersEndpoints.importTemplate, write, async (req, reply) =>
    reply
      .type(XLSX_MIME)
      .header(
        'content-disposition',
        `attachment; filename="${MASTER_IMPORT_TITLES[req.params.kind].replace(/\s+/g, '-').toLowerCase()}-template.xlsx"`,
      )
      .send(await importTemplate(req.params.kind)),
  );
  await uploadRoutes(app, (up) => {
    route(up, mastersEndpoints.importSheet, write, async (req) => {
      const { files } = await readMultipart(req, app.config.MAX_UPLOAD_MB);
      return importMasters(app.db, await staff(req), req.params.kind, files, req.query.dryRun === 'true');
    });
  });
}
