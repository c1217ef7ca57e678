import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  MASTER_KINDS,
  MASTERS_READ_ROLES,
  MASTERS_WRITE_ROLES,
  ZIdParams,
  ZMasterInputs,
  ZMasterList,
  ZMasterListQuery,
  ZMasterRows,
  ZMessage,
  ZSectionStudentList,
  ZSectionStudentsInput,
  ZSectionStudentsResult,
  ZImportReport,
  ZMasterImportParams,
  ZMasterImportQuery,
  binaryResponse,
  filePart,
  MASTER_IMPORT_TITLES,
  ZStudentRecord,
  ZStudentRecordInput,
  ZStudentRecordList,
  ZStudentRecordQuery,
} from '@erp/shared';
import { z } from 'zod';
import { readMultipart, uploadRoutes } from '../../lib/multipart.js';
import { importMasters, importTemplate } from './masters.import.js';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './masters.service.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZMasterImportParts = z.object({ excelFileUpload: filePart('the filled template (.xlsx; legacy .xls is read too)') });

/** `/api/masters/<kind>`: list (search, paging), create, edit, retire (DELETE never removes a row). */
export default async function mastersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const read = { access: MASTERS_READ_ROLES };
  const write = { access: MASTERS_WRITE_ROLES };
  const staff = (req: { user: Parameters<typeof requireUser>[0] }) => service.staffOf(app.db, requireUser(req.user));

  for (const kind of MASTER_KINDS) {
    const url = `${API}/masters/${kind}`;
    const row = ZMasterRows[kind];
    app.get(url, { config: read, schema: { querystring: ZMasterListQuery, response: { 200: ZMasterList(row) } } }, async (req) =>
      service.list(app.db, await staff(req), kind, req.query),
    );
    app.post(url, { config: write, schema: { body: ZMasterInputs[kind], response: { 200: row } } }, async (req) =>
      service.create(app.db, req.college.id, kind, req.body),
    );
    app.put(
      `${url}/:id`,
      { config: write, schema: { params: ZIdParams, body: ZMasterInputs[kind], response: { 200: row } } },
      async (req) => service.update(app.db, req.college.id, kind, req.params.id, req.body),
    );
    app.delete(`${url}/:id`, { config: write, schema: { params: ZIdParams, response: { 200: ZMessage } } }, async (req) =>
      service.retire(app.db, req.college.id, kind, req.params.id),
    );
  }

  app.get(
    `${API}/masters/sections/:id/students`,
    { config: read, schema: { params: ZIdParams, response: { 200: ZSectionStudentList } } },
    async (req) => service.sectionStudents(app.db, await staff(req), req.params.id),
  );
  app.post(
    `${API}/masters/sections/:id/students`,
    { config: write, schema: { params: ZIdParams, body: ZSectionStudentsInput, response: { 200: ZSectionStudentsResult } } },
    async (req) => service.assignSectionStudents(app.db, await staff(req), req.params.id, req.body),
  );

  // Student records: the office views and edits them (profile fields, status, section).
  app.get(
    `${API}/masters/students`,
    { config: write, schema: { querystring: ZStudentRecordQuery, response: { 200: ZStudentRecordList } } },
    async (req) => service.studentRecords(app.db, await staff(req), req.query),
  );
  app.put(
    `${API}/masters/students/:id`,
    {
      config: write,
      schema: {
        params: ZIdParams,
        body: ZStudentRecordInput,
        response: { 200: z.object({ message: z.string(), record: ZStudentRecord }) },
      },
    },
    async (req) => service.updateStudentRecord(app.db, await staff(req), req.params.id, req.body),
  );

  // Excel imports (the shared import panel): a template per kind, a dry run, per-row rejects.
  app.get(
    `${API}/masters/import/:kind/template`,
    { config: write, schema: { params: ZMasterImportParams, response: { 200: binaryResponse(XLSX_MIME) } } },
    async (req, reply) =>
      reply
        .type(XLSX_MIME)
        .header(
          'content-disposition',
          `attachment; filename="${MASTER_IMPORT_TITLES[req.params.kind].replace(/\s+/g, '-').toLowerCase()}-template.xlsx"`,
        )
        .send(await importTemplate(req.params.kind)),
  );
  await uploadRoutes(root, (up) => {
    up.post(
      `${API}/masters/import/:kind`,
      {
        config: write,
        schema: {
          params: ZMasterImportParams,
          querystring: ZMasterImportQuery,
          multipart: ZMasterImportParts,
          response: { 200: ZImportReport },
        },
      },
      async (req) => {
        const { files } = await readMultipart(req, root.config.MAX_UPLOAD_MB);
        return importMasters(app.db, await staff(req), req.params.kind, files, req.query.dryRun === 'true');
      },
    );
  });
}
