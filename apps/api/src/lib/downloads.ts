import type { FastifyReply } from 'fastify';
import { MIME_BY_TYPE, sniffFileType } from './file-type.js';
import type { OpenedUpload } from './uploads.js';

/**
 * The one `content-disposition` for every download (RFC 6266 with RFC 5987's `filename*`): an
 * ASCII fallback in a quoted `filename` (quotes, backslashes, control and non-ASCII characters
 * replaced), and the exact name UTF-8 percent-encoded. A roll number with a quote or a Telugu
 * letter can neither break the header nor inject a parameter into it.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const name = fileName.replace(/[\r\n]/g, '').trim() || 'download';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return fallback === name && !/[%']/.test(name)
    ? `${kind}; filename="${fallback}"`
    : `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Types a browser may show from the portal's origin: images and PDFs told by their bytes. */
const SHOWABLE = new Set(['jpg', 'png', 'gif', 'pdf']);

/**
 * Sends an uploaded file, whole or streamed from storage (`openUpload`). Only an image or a PDF,
 * verified by its first bytes, is shown inline with its own type; anything else (HTML or SVG saved
 * under an image's name, say) is a download of application/octet-stream, never rendered from the
 * portal's origin. Sandboxed and never sniffed.
 */
export function sendUpload(reply: FastifyReply, data: Buffer | OpenedUpload, fileName: string) {
  const type = sniffFileType(Buffer.isBuffer(data) ? data : data.head);
  const showable = type !== null && SHOWABLE.has(type);
  return reply
    .type(showable ? MIME_BY_TYPE[type] : 'application/octet-stream')
    .header('content-disposition', contentDisposition(showable ? 'inline' : 'attachment', fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(Buffer.isBuffer(data) ? data : data.body);
}
