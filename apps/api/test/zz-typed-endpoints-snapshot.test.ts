import fs from 'node:fs';
import { it } from 'vitest';
import { createTestApp } from './helpers.js';

// Temporary: dumps the OpenAPI document and route access table for before/after comparison.
it('snapshot', async () => {
  const t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const out = process.env.SNAP_OUT ?? '/tmp/te/snap.json';
  const routes = t.app.routeAccess.map((r) => ({ ...r, schemaKeys: Object.keys(t.app.routeSchemas.find((s) => s.method === r.method && s.url === r.url)?.schema ?? {}) }));
  fs.writeFileSync(out, JSON.stringify({ doc, routes }, null, 1));
  await t.close();
});
