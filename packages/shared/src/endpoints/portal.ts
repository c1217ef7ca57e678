import { z } from 'zod';
import { binaryResponse, ZIdParam, ZOk } from '../common-schemas.js';
import { ZCreatedOrder } from '../payment-schemas.js';
import {
  ZCertificateRequest,
  ZCertificateRequestCreate,
  ZCertificateRequestPage,
  ZCorrection,
  ZCorrectionCreate,
  ZCorrectionPage,
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
  ZPortalDecision,
  ZPortalListQuery,
  ZPortalOverview,
  ZPortalRejection,
  ZPortalSettings,
  ZPrivacyUpdate,
  ZStudentRef,
} from '../portal-schemas.js';
import { defineEndpoint as e } from './define.js';

const ME = '/api/me';
const OFFICE = '/api/portal';
const PDF = binaryResponse('application/pdf');

/**
 * The student and parent portals (/api/me: the student from the token, or a parent's child by
 * studentId), the office's queues, and parent accounts.
 */
export const portalEndpoints = {
  overview: e({ method: 'GET', path: `${ME}/overview`, response: ZPortalOverview }),
  results: e({ method: 'GET', path: `${ME}/results`, query: ZStudentRef, response: ZMyResults }),
  attendance: e({ method: 'GET', path: `${ME}/attendance`, query: ZStudentRef, response: ZMyAttendance }),
  fees: e({ method: 'GET', path: `${ME}/fees`, query: ZStudentRef, response: ZMyFees }),
  payForChild: e({ method: 'POST', path: `${ME}/fees/orders`, body: ZParentOrder, response: ZCreatedOrder }),
  campus: e({ method: 'GET', path: `${ME}/campus`, query: ZStudentRef, response: ZMyCampus }),

  // Certificates: the student asks, the office answers with a QR-verifiable PDF
  myCertificates: e({ method: 'GET', path: `${ME}/certificate-requests`, response: z.array(ZCertificateRequest) }),
  requestCertificate: e({
    method: 'POST',
    path: `${ME}/certificate-requests`,
    body: ZCertificateRequestCreate,
    response: ZCertificateRequest,
  }),
  myCertificatePdf: e({ method: 'GET', path: `${ME}/certificate-requests/:id/pdf`, params: ZIdParam, response: PDF }),
  certificateQueue: e({
    method: 'GET',
    path: `${OFFICE}/certificate-requests`,
    query: ZPortalListQuery,
    response: ZCertificateRequestPage,
  }),
  approveCertificate: e({
    method: 'POST',
    path: `${OFFICE}/certificate-requests/:id/approve`,
    params: ZIdParam,
    body: ZPortalDecision,
    response: ZCertificateRequest,
  }),
  rejectCertificate: e({
    method: 'POST',
    path: `${OFFICE}/certificate-requests/:id/reject`,
    params: ZIdParam,
    body: ZPortalRejection,
    response: ZCertificateRequest,
  }),
  certificatePdf: e({ method: 'GET', path: `${OFFICE}/certificate-requests/:id/pdf`, params: ZIdParam, response: PDF }),

  // Profile and corrections
  profile: e({ method: 'GET', path: `${ME}/profile`, response: ZMyProfile }),
  requestCorrection: e({ method: 'POST', path: `${ME}/profile-corrections`, body: ZCorrectionCreate, response: ZCorrection }),
  correctionQueue: e({
    method: 'GET',
    path: `${OFFICE}/profile-corrections`,
    query: ZPortalListQuery,
    response: ZCorrectionPage,
  }),
  approveCorrection: e({
    method: 'POST',
    path: `${OFFICE}/profile-corrections/:id/approve`,
    params: ZIdParam,
    body: ZPortalDecision,
    response: ZCorrection,
  }),
  rejectCorrection: e({
    method: 'POST',
    path: `${OFFICE}/profile-corrections/:id/reject`,
    params: ZIdParam,
    body: ZPortalRejection,
    response: ZCorrection,
  }),

  // The student's parents and what they share with them
  myParents: e({ method: 'GET', path: `${ME}/parents`, response: ZMyParents }),
  savePrivacy: e({ method: 'PUT', path: `${ME}/privacy`, body: ZPrivacyUpdate, response: ZMyParents }),
  settings: e({ method: 'GET', path: `${OFFICE}/settings`, response: ZPortalSettings }),
  saveSettings: e({ method: 'PUT', path: `${OFFICE}/settings`, body: ZPortalSettings, response: ZPortalSettings }),

  // Parent accounts: linked by the office, or self-registered with a code sent to the contact on record
  createParentLink: e({ method: 'POST', path: '/api/parents/links', body: ZParentLinkCreate, response: ZParentLinkCreated }),
  parentLinks: e({ method: 'GET', path: '/api/parents/links', query: ZParentLinkQuery, response: ZParentLinkPage }),
  removeParentLink: e({ method: 'DELETE', path: '/api/parents/links/:id', params: ZIdParam, response: ZOk }),
  registerParent: e({ method: 'POST', path: '/api/parents/register', body: ZParentRegister, response: ZParentRegisterStarted }),
  verifyParent: e({ method: 'POST', path: '/api/parents/verify', body: ZParentVerify, response: ZParentVerified }),
};
