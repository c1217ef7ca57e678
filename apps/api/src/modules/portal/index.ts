/** The portal module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { fees as myFees, isParent, privacyFor, subjectOf } from './portal.service.js';
export { parentContacts } from './portal.contacts.js';
export { approveCertificate, certificatePage, rejectCertificate } from './portal.certificates.js';
