import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { FIRST_PAINTS } from './src/lib/first-paint.ts';

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

/** first-paint.json: the public pages' first paints, which the API puts in index.html (src/lib/first-paint.ts). */
function firstPaint(): Plugin {
  return {
    name: 'erp-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'first-paint.json', source: JSON.stringify(FIRST_PAINTS) });
    },
  };
}

/**
 * The app's entry and the files it imports at once are requested by public/boot.js after the first
 * paint, not by tags in the page: a browser that finds them in the HTML may fetch and run them
 * before it paints the server's first paint of the page, which then waits for the whole app.
 */
function deferEntry(): Plugin {
  return {
    name: 'erp-defer-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('deferEntry: no entry script in index.html');
        const preload: string[] = [];
        const rest = html
          .replace(entry[0], '')
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_m, href: string) => {
            preload.push(href);
            return '';
          });
        const boot = `<script src="/boot.js" defer data-entry="${entry[1]}" data-preload="${preload.join(' ')}"></script>\n  `;
        return rest.replace('</head>', `  ${boot}</head>`);
      },
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
  plugins: [react(), firstPaint(), deferEntry(), precompress()],
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
