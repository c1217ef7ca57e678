import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../src/plugins/docs.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Walks Fastify's route table: every API route declares the shape of its answer (a zod schema
 * from packages/shared), so /api/openapi.json and /api/docs document it and the server
 * serializes through it. Routes added later are covered automatically.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The reference's own pages and files (Swagger UI), which document the others. */
const isDocsPage = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

describe('route table response schemas', () => {
  it('has API routes to check', () => {
    expect(t.app.routeSchemas.filter((r) => !isDocsPage(r.url)).length).toBeGreaterThan(60);
  });

  it('every API route declares a response schema for its success answer', () => {
    const missing = t.app.routeSchemas
      .filter((r) => !isDocsPage(r.url))
      .filter((r) => {
        const response = (r.schema?.response ?? {}) as Record<string, unknown>;
        return !Object.keys(response).some((code) => /^(2|3)\d\d$|^2xx$/.test(code));
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents every response in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const signIn = doc.paths['/api/auth-service/auth/signin'].post;
    expect(Object.keys(signIn.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'roles', 'token', 'collegeId']),
    );
    const view = doc.paths['/api/v1/getExamResultByRollNoView'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(view.properties)).toContain('listofRecords');
  });

  it('documents the parts of the multipart calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const save = doc.paths['/api/v1/saveApplicationFormData'].post.requestBody.content['multipart/form-data'].schema;
    expect(save.required).toEqual(['applicationFormData']);
    expect(save.properties.imageUpload).toMatchObject({ type: 'string', format: 'binary' });
    const upload = doc.paths['/api/v1/masterDataExcelsUploads'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(upload.properties)).toEqual(['excelFileUpload']);
    const history = doc.paths['/api/v1/saveAluminiHistoryByUrl'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(history.properties)).toEqual(['alumniData', 'file']);
    expect(doc.paths['/api/exam-results/import'].post.requestBody.content['multipart/form-data']).toBeDefined();
  });
});
