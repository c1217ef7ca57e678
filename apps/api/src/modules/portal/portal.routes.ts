import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  PORTAL_OFFICE_ROLES,
  ROLES,
  binaryResponse,
  ZCertificateRequest,
  ZCertificateRequestCreate,
  ZCertificateRequestPage,
  ZCorrection,
  ZCorrectionCreate,
  ZCorrectionPage,
  ZCreatedOrder,
  ZPortalDecision,
  ZIdParam,
  ZMyAttendance,
  ZMyCampus,
  ZMyFees,
  ZMyParents,
  ZMyProfile,
  ZMyResults,
  ZParentLinkCreate,
  ZParentLinkCreated,
  ZParentLinkPage,
  ZParentLinkQuery,
  ZParentOrder,
  ZParentRegister,
  ZParentRegisterStarted,
  ZParentVerified,
  ZParentVerify,
  ZPortalListQuery,
  ZPortalOverview,
  ZPortalSettings,
  ZPrivacyUpdate,
  ZPortalRejection,
  ZStudentRef,
} from '@erp/shared';
import { API } from '../../lib/bases.js';
import { publicBaseUrl } from '../../lib/documents.js';
import { requireUser } from '../../plugins/auth.js';
import * as certificates from './portal.certificates.js';
import * as parents from './portal.parents.js';
import * as service from './portal.service.js';

const ME = `${API}/me`;
const OFFICE = `${API}/portal`;

/**
 * The student and parent portals. Every /api/me call works out its student from the token
 * (service.subjectOf); a parent names a child by studentId and gets 404 for anyone not linked.
 */
export default async function portalRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const family = { access: [ROLES.STUDENT, ROLES.PARENT] };
  const student = { access: [ROLES.STUDENT] };
  const office = { access: [...PORTAL_OFFICE_ROLES] };
  // Code requests and tries are also limited per student in the database; this bounds a flood.
  const publicLimited = {
    access: 'public' as const,
    limit: { name: 'parent-register', max: 20, windowMs: 10 * 60_000, message: 'Too many tries from this address. Please wait a few minutes.' },
  };

  app.get(`${ME}/overview`, { config: family, schema: { response: { 200: ZPortalOverview } } }, async (req) =>
    service.overview(app.db, requireUser(req.user), req.college.code),
  );
  app.get(`${ME}/results`, { config: family, schema: { querystring: ZStudentRef, response: { 200: ZMyResults } } }, async (req) =>
    service.results(app.db, requireUser(req.user), req.query.studentId),
  );
  app.get(`${ME}/attendance`, { config: family, schema: { querystring: ZStudentRef, response: { 200: ZMyAttendance } } }, async (req) =>
    service.attendance(app.db, requireUser(req.user), req.query.studentId),
  );
  app.get(`${ME}/fees`, { config: family, schema: { querystring: ZStudentRef, response: { 200: ZMyFees } } }, async (req) =>
    service.fees(app.db, requireUser(req.user), req.query.studentId),
  );
  app.post(`${ME}/fees/orders`, { config: { access: [ROLES.PARENT] }, schema: { body: ZParentOrder, response: { 200: ZCreatedOrder } } }, async (req) =>
    service.payForChild(app.db, app.config, requireUser(req.user), req.body, publicBaseUrl(req)),
  );
  app.get(`${ME}/campus`, { config: family, schema: { querystring: ZStudentRef, response: { 200: ZMyCampus } } }, async (req) =>
    service.campus(app.db, requireUser(req.user), req.college.code, req.query.studentId),
  );

  // Certificates: the student asks, the office answers with a QR-verifiable PDF.
  app.get(`${ME}/certificate-requests`, { config: student, schema: { response: { 200: z.array(ZCertificateRequest) } } }, async (req) =>
    certificates.myCertificates(app.db, requireUser(req.user)),
  );
  app.post(
    `${ME}/certificate-requests`,
    { config: student, schema: { body: ZCertificateRequestCreate, response: { 200: ZCertificateRequest } } },
    async (req) => certificates.requestCertificate(app.db, requireUser(req.user), req.body),
  );
  app.get(
    `${ME}/certificate-requests/:id/pdf`,
    { config: student, schema: { params: ZIdParam, response: { 200: binaryResponse('application/pdf') } } },
    async (req, reply) => {
      const { pdf, name } = await certificates.certificatePdf(app.db, requireUser(req.user), req.college, req.params.id, false, publicBaseUrl(req));
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
    },
  );
  app.get(
    `${OFFICE}/certificate-requests`,
    { config: office, schema: { querystring: ZPortalListQuery, response: { 200: ZCertificateRequestPage } } },
    async (req) => certificates.certificatePage(app.db, req.college.id, req.query),
  );
  app.post(
    `${OFFICE}/certificate-requests/:id/approve`,
    { config: office, schema: { params: ZIdParam, body: ZPortalDecision, response: { 200: ZCertificateRequest } } },
    async (req) =>
      certificates.approveCertificate(app.db, requireUser(req.user), req.college, req.params.id, req.body.remarks, publicBaseUrl(req)),
  );
  app.post(
    `${OFFICE}/certificate-requests/:id/reject`,
    { config: office, schema: { params: ZIdParam, body: ZPortalRejection, response: { 200: ZCertificateRequest } } },
    async (req) => certificates.rejectCertificate(app.db, requireUser(req.user), req.params.id, req.body.remarks),
  );
  app.get(
    `${OFFICE}/certificate-requests/:id/pdf`,
    { config: office, schema: { params: ZIdParam, response: { 200: binaryResponse('application/pdf') } } },
    async (req, reply) => {
      const { pdf, name } = await certificates.certificatePdf(app.db, requireUser(req.user), req.college, req.params.id, true, publicBaseUrl(req));
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
    },
  );

  // Profile and corrections.
  app.get(`${ME}/profile`, { config: student, schema: { response: { 200: ZMyProfile } } }, async (req) =>
    service.profile(app.db, requireUser(req.user)),
  );
  app.post(`${ME}/profile-corrections`, { config: student, schema: { body: ZCorrectionCreate, response: { 200: ZCorrection } } }, async (req) =>
    service.requestCorrection(app.db, requireUser(req.user), req.body),
  );
  app.get(
    `${OFFICE}/profile-corrections`,
    { config: office, schema: { querystring: ZPortalListQuery, response: { 200: ZCorrectionPage } } },
    async (req) => service.correctionPage(app.db, req.college.id, req.query),
  );
  app.post(
    `${OFFICE}/profile-corrections/:id/approve`,
    { config: office, schema: { params: ZIdParam, body: ZPortalDecision, response: { 200: ZCorrection } } },
    async (req) => service.decideCorrection(app.db, requireUser(req.user), req.params.id, true, req.body.remarks),
  );
  app.post(
    `${OFFICE}/profile-corrections/:id/reject`,
    { config: office, schema: { params: ZIdParam, body: ZPortalRejection, response: { 200: ZCorrection } } },
    async (req) => service.decideCorrection(app.db, requireUser(req.user), req.params.id, false, req.body.remarks),
  );

  // The student's parents and what they share with them.
  app.get(`${ME}/parents`, { config: student, schema: { response: { 200: ZMyParents } } }, async (req) =>
    service.myParents(app.db, requireUser(req.user)),
  );
  app.put(`${ME}/privacy`, { config: student, schema: { body: ZPrivacyUpdate, response: { 200: ZMyParents } } }, async (req) =>
    service.savePrivacy(app.db, requireUser(req.user), req.body),
  );
  app.get(`${OFFICE}/settings`, { config: office, schema: { response: { 200: ZPortalSettings } } }, async (req) =>
    service.settings(app.db, req.college.id),
  );
  app.put(`${OFFICE}/settings`, { config: { access: [ROLES.ADMIN] }, schema: { body: ZPortalSettings, response: { 200: ZPortalSettings } } }, async (req) =>
    service.saveSettings(app.db, requireUser(req.user), req.body),
  );

  // Parent accounts: linked by the office, or self-registered with a code sent to the contact on record.
  app.post(`${API}/parents/links`, { config: office, schema: { body: ZParentLinkCreate, response: { 200: ZParentLinkCreated } } }, async (req) =>
    parents.createLink(app.db, requireUser(req.user), req.body),
  );
  app.get(`${API}/parents/links`, { config: office, schema: { querystring: ZParentLinkQuery, response: { 200: ZParentLinkPage } } }, async (req) =>
    parents.linkPage(app.db, req.college.id, req.query),
  );
  app.delete(
    `${API}/parents/links/:id`,
    { config: office, schema: { params: ZIdParam, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req) => parents.removeLink(app.db, requireUser(req.user), req.params.id),
  );
  app.post(`${API}/parents/register`, { config: publicLimited, schema: { body: ZParentRegister, response: { 200: ZParentRegisterStarted } } }, async (req) =>
    parents.startRegistration(app.db, req.college, req.body.rollNo),
  );
  app.post(`${API}/parents/verify`, { config: publicLimited, schema: { body: ZParentVerify, response: { 200: ZParentVerified } } }, async (req) =>
    parents.verifyRegistration(app.db, req.college, req.body),
  );
}
