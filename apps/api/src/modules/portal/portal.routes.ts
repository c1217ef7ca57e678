import type { FastifyInstance } from 'fastify';
import { PORTAL_OFFICE_ROLES, ROLES, portalEndpoints as portal } from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as certificates from './portal.certificates.js';
import * as parents from './portal.parents.js';
import * as service from './portal.service.js';

/**
 * The student and parent portals. Every /api/me call works out its student from the token
 * (service.subjectOf); a parent names a child by studentId and gets 404 for anyone not linked.
 */
export default async function portalRoutes(app: FastifyInstance) {
  const family = { access: [ROLES.STUDENT, ROLES.PARENT] };
  const student = { access: [ROLES.STUDENT] };
  const office = { access: [...PORTAL_OFFICE_ROLES] };
  // Code requests and tries are also limited per student in the database; this bounds a flood.
  const publicLimited = {
    access: 'public' as const,
    limit: {
      name: 'parent-register',
      max: 20,
      windowMs: 10 * 60_000,
      message: 'Too many tries from this address. Please wait a few minutes.',
    },
  };

  route(app, portal.overview, family, async (req) => service.overview(app.db, requireUser(req.user), req.college.code));
  route(app, portal.results, family, async (req) => service.results(app.db, requireUser(req.user), req.query.studentId));
  route(app, portal.attendance, family, async (req) => service.attendance(app.db, requireUser(req.user), req.query.studentId));
  route(app, portal.fees, family, async (req) => service.fees(app.db, requireUser(req.user), req.query.studentId));
  route(app, portal.payForChild, { access: [ROLES.PARENT] }, async (req) =>
    service.payForChild(app.db, app.config, requireUser(req.user), req.body, publicBaseUrl(req)),
  );
  route(app, portal.campus, family, async (req) =>
    service.campus(app.db, requireUser(req.user), req.college.code, req.query.studentId),
  );

  // Certificates: the student asks, the office answers with a QR-verifiable PDF.
  route(app, portal.myCertificates, student, async (req) => certificates.myCertificates(app.db, requireUser(req.user)));
  route(app, portal.requestCertificate, student, async (req) =>
    certificates.requestCertificate(app.db, requireUser(req.user), req.body),
  );
  route(app, portal.myCertificatePdf, student, async (req, reply) => {
    const { pdf, name } = await certificates.certificatePdf(
      app.db,
      requireUser(req.user),
      req.college,
      req.params.id,
      false,
      publicBaseUrl(req),
    );
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
  });
  route(app, portal.certificateQueue, office, async (req) => certificates.certificatePage(app.db, req.college.id, req.query));
  route(app, portal.approveCertificate, office, async (req) =>
    certificates.approveCertificate(
      app.db,
      requireUser(req.user),
      req.college,
      req.params.id,
      req.body.remarks,
      publicBaseUrl(req),
    ),
  );
  route(app, portal.rejectCertificate, office, async (req) =>
    certificates.rejectCertificate(app.db, requireUser(req.user), req.params.id, req.body.remarks),
  );
  route(app, portal.certificatePdf, office, async (req, reply) => {
    const { pdf, name } = await certificates.certificatePdf(
      app.db,
      requireUser(req.user),
      req.college,
      req.params.id,
      true,
      publicBaseUrl(req),
    );
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);
  });

  // Profile and corrections.
  route(app, portal.profile, student, async (req) => service.profile(app.db, requireUser(req.user)));
  route(app, portal.requestCorrection, student, async (req) =>
    service.requestCorrection(app.db, requireUser(req.user), req.body),
  );
  route(app, portal.correctionQueue, office, async (req) => service.correctionPage(app.db, req.college.id, req.query));
  route(app, portal.approveCorrection, office, async (req) =>
    service.decideCorrection(app.db, requireUser(req.user), req.params.id, true, req.body.remarks),
  );
  route(app, portal.rejectCorrection, office, async (req) =>
    service.decideCorrection(app.db, requireUser(req.user), req.params.id, false, req.body.remarks),
  );

  // The student's parents and what they share with them.
  route(app, portal.myParents, student, async (req) => service.myParents(app.db, requireUser(req.user)));
  route(app, portal.savePrivacy, student, async (req) => service.savePrivacy(app.db, requireUser(req.user), req.body));
  route(app, portal.settings, office, async (req) => service.settings(app.db, req.college.id));
  route(app, portal.saveSettings, { access: [ROLES.ADMIN] }, async (req) =>
    service.saveSettings(app.db, requireUser(req.user), req.body),
  );

  // Parent accounts: linked by the office, or self-registered with a code sent to the contact on record.
  route(app, portal.createParentLink, office, async (req) => parents.createLink(app.db, requireUser(req.user), req.body));
  route(app, portal.parentLinks, office, async (req) => parents.linkPage(app.db, req.college.id, req.query));
  route(app, portal.removeParentLink, office, async (req) => parents.removeLink(app.db, requireUser(req.user), req.params.id));
  route(app, portal.registerParent, publicLimited, async (req) =>
    parents.startRegistration(app.db, req.college, req.body.rollNo),
  );
  route(app, portal.verifyParent, publicLimited, async (req) => parents.verifyRegistration(app.db, req.college, req.body));
}
