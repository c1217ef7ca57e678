// Bundles the API for production: workspace code (TypeScript) is compiled in, npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/db/cli.ts'],
  outdir: 'dist',
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
