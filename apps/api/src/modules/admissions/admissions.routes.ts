import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  ADMISSION_ROLES,
  ANALYTICS_ROLES,
  ZAdmissionImportParts,
  ZAdmissionImportReport,
  ZApplicationItem,
  admissionEndpoints as admissions,
  binaryResponse,
  textResponse,
} from '@erp/shared';
import { V1 } from '../../lib/bases.js';
import { route } from '../../lib/endpoint-route.js';
import { jsonPart, readMultipart, uploadRoutes } from '../../lib/multipart.js';
import * as service from './admissions.service.js';
import * as figures from './figures.js';
import { admissionsTemplate } from './admissions.excel.js';
import { contentDisposition } from '../../lib/downloads.js';
import { fileStorage } from '../../lib/storage/index.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default async function admissionsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cfg = root.config;
  const staff = { access: ADMISSION_ROLES };
  const ctx = (req: { college: service.Ctx['college']; user: service.Ctx['user'] }): service.Ctx => ({
    db: root.db,
    college: req.college,
    user: req.user,
    storage: fileStorage(cfg),
  });

  route(app, admissions.nextNumber, staff, async (req, reply) =>
    reply.type('text/plain').send(await service.generateAdmissionNumber(root.db, req.college)),
  );

  app.get(
    `${V1}/getApplicationFormData`,
    {
      config: staff,
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(20_000).default(20_000),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: { 200: z.array(ZApplicationItem) },
      },
    },
    async (req) => service.listApplications(root.db, req.college.id, req.query.limit, req.query.offset),
  );

  route(app, admissions.formData, staff, async (req) => service.normalData(root.db, req.college.id, req.query.rollNumber));

  await uploadRoutes(root, (up) => {
    route(up, admissions.save, staff, async (req) => {
      const { fields, files } = await readMultipart(req, cfg.MAX_UPLOAD_MB);
      const payload = jsonPart(fields, 'applicationFormData');
      const photo = files.find((f) => f.fieldname === 'imageUpload');
      return service.saveAdmission(ctx(req), payload, photo, req.query.editedAadharNumber || undefined);
    });
  });

  app.post(
    `${V1}/getStudentadmissiondata`,
    {
      config: staff,
      schema: {
        body: z.record(z.string(), z.unknown()).describe('the admission form fields'),
        response: { 200: textResponse('base64 of the admission form PDF') },
      },
    },
    async (req, reply) => reply.type('text/plain').send(await service.formPdf(ctx(req), req.body)),
  );

  app.get(
    `${V1}/getExcelForNewAdmissions`,
    { config: staff, schema: { response: { 200: binaryResponse(XLSX_MIME) } } },
    async (_req, reply) =>
      reply
        .type(XLSX_MIME)
        .header('content-disposition', contentDisposition('attachment', 'NewAdmissionsTemplate.xlsx'))
        .send(await admissionsTemplate()),
  );

  await uploadRoutes(root, (up) => {
    up.post(
      `${V1}/masterDataExcelsUploads`,
      {
        config: staff,
        schema: {
          querystring: z.object({
            fileType: z.string().max(60).optional(),
            dryRun: z.enum(['true', 'false']).optional(),
          }),
          multipart: ZAdmissionImportParts,
          response: { 200: ZAdmissionImportReport },
        },
      },
      async (req) => {
        const { files } = await readMultipart(req, cfg.MAX_UPLOAD_MB);
        return service.importAdmissions(ctx(req), req.query.fileType, files, req.query.dryRun === 'true');
      },
    );
  });

  /** New calls for the applications list and dashboard panel. */
  route(app, admissions.pdf, staff, async (req) => ({
    pdf: await service.pdfFor(ctx(req), req.params.id),
  }));
  // Leadership reads the list too (read-only): it is where their admissions figures drill down to.
  route(app, admissions.applications, { access: [...new Set([...ADMISSION_ROLES, ...ANALYTICS_ROLES])] }, async (req) =>
    service.searchApplications(root.db, req.college.id, req.query),
  );
  route(app, admissions.intakes, staff, async (req) => figures.intakes(root.db, req.college.id, req.query.year));
  route(app, admissions.saveIntakes, staff, async (req) => figures.saveIntakes(root.db, req.college.id, req.user, req.body));
  route(app, admissions.summary, staff, async (req) => service.summary(root.db, req.college.id));
}
