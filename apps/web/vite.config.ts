import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Writes .br and .gz next to every text file of the build: the API serves them as they are. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'erp-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

// React changes far less often than the app: in its own file it stays cached across deploys. Other
// libraries are split with the pages that use them, so the public pages don't load the staff
// screens' components (one "mui" or "vendor" file would carry every component any page uses).
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
];

// In development the API runs on :8080; the web dev server proxies /api to it.
export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // zod schemas are plain values: one a page doesn't use is dropped from its files
      treeshake: { manualPureFunctions: ['z'] },
      output: { codeSplitting: { groups: vendorGroups.map((g, i) => ({ ...g, priority: vendorGroups.length - i })) } },
    },
  },
});
