import { ZDocumentCodeParam, ZIssuedDocument } from '../document-schemas.js';
import { defineEndpoint as e } from './define.js';

/** Public check of an issued document's QR code (letters, passes, receipts). */
export const documentEndpoints = {
  verify: e({ method: 'GET', path: '/api/documents/verify/:code', params: ZDocumentCodeParam, response: ZIssuedDocument }),
};
