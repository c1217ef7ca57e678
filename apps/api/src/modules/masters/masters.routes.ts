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
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './masters.service.js';

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
}
