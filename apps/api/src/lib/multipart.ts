import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import multipart from '@fastify/multipart';
import { badRequest } from './errors.js';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads a whole multipart request into memory. Too large a file or too many parts answers 400
 * with a message naming the limit, before anything is saved.
 */
export async function readMultipart(request: FastifyRequest, maxFileMb: number): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest('The request must be multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileMb * 1024 * 1024 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length > 0) {
          files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, buffer });
        }
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`The file is too large: the limit is ${maxFileMb} MB`);
    if (code?.startsWith('FST_')) throw badRequest((e as Error).message);
    // Anything else here is the client's body: cut off, a boundary that does not match, a bad header.
    throw badRequest(`The multipart body could not be read: ${(e as Error).message}`);
  }
  return { fields, files };
}

/** Parses a JSON text part; a missing or malformed part is a 400 naming it. */
export function jsonPart(fields: Record<string, string>, name: string): unknown {
  const raw = fields[name];
  if (raw === undefined) throw badRequest(`The multipart part "${name}" is missing`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`The multipart part "${name}" is not valid JSON`);
  }
}

const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type ZodApp = ReturnType<typeof withZod>;

/**
 * Declares routes that take multipart uploads, in a scope of their own: @fastify/multipart hooks
 * every request of the scope it is registered in (a close listener and two async hooks), and
 * only these few routes need it.
 */
export async function uploadRoutes(app: FastifyInstance, routes: (scope: ZodApp) => void): Promise<void> {
  await app.register(async (scope) => {
    const maxFile = scope.config.MAX_UPLOAD_MB * 1024 * 1024;
    await scope.register(multipart, { limits: { fileSize: maxFile, files: 5, parts: 200 } });
    routes(withZod(scope));
  });
}
