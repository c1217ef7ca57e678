// Bundles the API for production: workspace code (TypeScript) is compiled in, npm packages stay external.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bundles Node entry points: workspace code compiled in, npm packages left to node_modules. */
export async function bundleNode(entryPoints, outdir, outbase) {
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
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildApi();
