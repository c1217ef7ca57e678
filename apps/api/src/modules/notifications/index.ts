/** The notifications module's public face: the only file other modules import (eslint `api-boundaries/module-imports`). */
export { guardConfidentialMail, notifyLater, queueMail, registerMailAttachment, type AttachmentRenderer } from './notifications.service.js';
export { setRecipientSources } from './recipients.js';
