import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import path from 'node:path';

/**
 * Web feature boundaries (ARCHITECTURE.md): a file in apps/web/src/features/<name>/ may import
 * components/, lib/, @erp/shared, packages and its own feature, never another feature or app/
 * (its *.test.tsx files may mount app/'s providers); components/ and lib/ import no feature. Resolves each relative import (static, re-export or
 * dynamic import()) against the importing file, so `../results/api` and
 * `../../features/results/api` are caught alike.
 */
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
function areaOf(file) {
  const at = file.lastIndexOf(WEB_SRC);
  if (at < 0) return null;
  const parts = file.slice(at + WEB_SRC.length).split(path.sep);
  if (parts[0] === 'features' && parts.length > 2) return { kind: 'feature', name: parts[1] };
  if (parts.length > 1 && ['app', 'components', 'lib'].includes(parts[0])) return { kind: parts[0], name: parts[0] };
  return null;
}
const boundaries = {
  rules: {
    'feature-imports': {
      meta: {
        type: 'problem',
        messages: {
          crossFeature:
            "Feature '{{from}}' must not import feature '{{to}}': move the shared piece to components/ or lib/, or register it through app/ (routes, slots).",
          appImport: "Feature '{{from}}' must not import app/: app/ imports the features, not the other way round.",
          sharedImportsFeature:
            "{{from}}/ must not import feature '{{to}}': features build on components/ and lib/, not the reverse.",
        },
        schema: [],
      },
      create(context) {
        const file = path.resolve(context.filename);
        const from = areaOf(file);
        if (!from || from.kind === 'app') return {};
        const check = (node) => {
          const source = node?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = areaOf(path.resolve(path.dirname(file), source) + path.sep + 'x');
          if (!to) return;
          if (from.kind === 'feature') {
            if (to.kind === 'feature' && to.name !== from.name)
              context.report({ node, messageId: 'crossFeature', data: { from: from.name, to: to.name } });
            // A test may mount the real app wiring (providers, slots) around its feature.
            else if (to.kind === 'app' && !/\.test\.[jt]sx?$/.test(file))
              context.report({ node, messageId: 'appImport', data: { from: from.name } });
          } else if (to.kind === 'feature') {
            context.report({ node, messageId: 'sharedImportsFeature', data: { from: from.name, to: to.name } });
          }
        };
        return {
          ImportDeclaration: (n) => check(n.source),
          ExportNamedDeclaration: (n) => check(n.source),
          ExportAllDeclaration: (n) => check(n.source),
          ImportExpression: (n) => check(n.source),
        };
      },
    },
  },
};

/**
 * API module boundaries (ARCHITECTURE.md): another module is reached only through its public
 * face, modules/<name>/index.ts. Applies to every file in apps/api/src (modules, lib/, db/,
 * plugins/, tests): a relative import (static, re-export or dynamic import()) resolving into
 * modules/<b>/ from outside <b> must be `…/<b>/index.js`. One deliberate exception: the route table
 * (modules/index.ts) imports each module's `*.routes.js`. Test builders live in apps/api/test/.
 */
const API_MODULES = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;
const API_SRC = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}`;
/** modules/<name>/<rest> of a path, or null outside a module's folder. */
function apiModuleOf(file) {
  const at = file.lastIndexOf(API_MODULES);
  if (at < 0) return null;
  const [name, ...rest] = file.slice(at + API_MODULES.length).split(path.sep);
  return rest.length ? { name, rest: rest.join('/') } : null;
}
const apiBoundaries = {
  rules: {
    'module-imports': {
      meta: {
        type: 'problem',
        messages: {
          internal:
            "'{{source}}' reaches inside module '{{to}}': import its public face '{{face}}' (export what other modules need from modules/{{to}}/index.ts).",
        },
        schema: [],
      },
      create(context) {
        const file = path.resolve(context.filename);
        if (!file.includes(API_SRC)) return {};
        const from = apiModuleOf(file);
        const isRouteTable = file.endsWith(`${API_MODULES}index.ts`);
        const check = (node) => {
          const source = node?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = apiModuleOf(path.resolve(path.dirname(file), source));
          if (!to || to.name === from?.name) return;
          if (/^index(\.[jt]s)?$/.test(to.rest)) return;
          if (isRouteTable && /\.routes\.js$/.test(to.rest)) return;
          const face = source.slice(0, source.length - to.rest.length) + 'index.js';
          context.report({ node, messageId: 'internal', data: { source, to: to.name, face } });
        };
        return {
          ImportDeclaration: (n) => check(n.source),
          ExportNamedDeclaration: (n) => check(n.source),
          ExportAllDeclaration: (n) => check(n.source),
          ImportExpression: (n) => check(n.source),
        };
      },
    },
  },
};

const MUI_TABLE_PARTS = ['Table', 'TableBody', 'TableCell', 'TableContainer', 'TableHead', 'TableRow', 'TableFooter'];
const TABLE_MESSAGE =
  'Use components/DataTable for a table in a feature (a fixed grid or a document layout: components/GridTable), not MUI Table parts.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/web/e2e/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'boundaries/feature-imports': 'error',
    },
  },
  {
    // Features show lists through components/DataTable (search, paging, loading, empty and failed
    // states, cards on a phone); a fixed grid or a document's rows is components/GridTable.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/material',
              importNames: [...MUI_TABLE_PARTS],
              message: TABLE_MESSAGE,
            },
            ...MUI_TABLE_PARTS.map((part) => ({ name: `@mui/material/${part}`, message: TABLE_MESSAGE })),
          ],
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The API reads workbooks through lib/workbooks only; xlsx 0.18.5 (CVEs) is not to be used.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'xlsx', message: 'Read workbooks with lib/workbooks (exceljs, or @e965/xlsx for .xls).' }],
        },
      ],
    },
  },
  {
    // One module uses another only through its public face, modules/<name>/index.ts.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'api-boundaries': apiBoundaries },
    rules: { 'api-boundaries/module-imports': 'error' },
  },
);
