import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';
import { COMPRESS_FROM_BYTES } from '../lib/encodings.js';

/**
 * Text answers (JSON, HTML, CSV, JavaScript) travel brotli- or gzip-compressed when the client
 * accepts it; PDFs, images and workbooks are already compressed and pass as they are. The web
 * app's built files are compressed once at build time (see web.ts, preCompressed).
 */
export const compressPlugin = fp(async (app) => {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: COMPRESS_FROM_BYTES });
});
