// Bundles the API for production: workspace code (TypeScript) is compiled in, npm packages stay external.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Uploaded files are parsed in a worker process of their own (src/lib/parse-worker): its own entry, beside the server. */
const PARSE_WORKER = path.join(here, 'src/lib/parse-worker/parse.worker.ts');
/** SQLite's log checkpoints run on a thread of their own too (src/db/sqlite/checkpoints.ts). */
const CHECKPOINT_WORKER = path.join(here, 'src/db/sqlite/checkpoint.worker.ts');

/**
 * Bundles Node entry points: workspace code compiled in, npm packages left to node_modules. The
 * parse and checkpoint workers are bundled with them, to `outdir/parse.worker.js` and
 * `outdir/checkpoint.worker.js`, where the bundled code looks for them.
 */
export async function bundleNode(entryPoints, outdir, outbase) {
  await bundle(entryPoints, outdir, outbase);
  // One call each: entries bundled together would land in folders mirroring src/.
  await bundle([PARSE_WORKER], outdir);
  await bundle([CHECKPOINT_WORKER], outdir);
}

async function bundle(entryPoints, outdir, outbase) {
  await build({
    entryPoints,
    ...(outbase ? { outbase } : {}),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalize-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@erp/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

export async function buildApi(outdir = path.join(here, 'dist')) {
  await bundleNode([path.join(here, 'src/server.ts'), path.join(here, 'src/db/cli.ts')], outdir, path.join(here, 'src'));
  // The PDF fonts travel with the bundle, so a copied dist still prints ₹.
  fs.cpSync(path.join(here, 'assets/fonts'), path.join(outdir, 'fonts'), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildApi();
