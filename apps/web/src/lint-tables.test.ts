// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repo });

/** Lints `code` as if it were the file at `file` (repo-relative) and returns the restricted-import errors. */
async function tableErrors(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => [m.severity, m.message]);
}

const FEATURE_FILE = 'apps/web/src/features/results/Fixture.tsx';

// Loading the ESLint config (typescript-eslint) takes seconds on a busy machine.
describe('tables in features go through DataTable (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses MUI table parts in a feature, from @mui/material or a deep import', async () => {
    const named = await tableErrors(
      "import { Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableFooter } from '@mui/material';\n" +
        'export const all = [Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableFooter];\n',
      FEATURE_FILE,
    );
    expect(named).toHaveLength(7);
    expect(named[0]![0]).toBe(2);
    expect(named[0]![1]).toContain('components/DataTable');
    expect(await tableErrors("import TableCell from '@mui/material/TableCell';\nexport { TableCell };\n", FEATURE_FILE)).toHaveLength(1);
    expect(await tableErrors("import Table from '@mui/material/Table';\nexport { Table };\n", FEATURE_FILE)).toHaveLength(1);
  });

  it('allows them in components/, and other MUI parts (TablePagination) in a feature', async () => {
    const code = "import { Table, TableCell } from '@mui/material';\nexport const all = [Table, TableCell];\n";
    expect(await tableErrors(code, 'apps/web/src/components/Fixture.tsx')).toEqual([]);
    expect(
      await tableErrors("import { Button, TablePagination } from '@mui/material';\nexport const all = [Button, TablePagination];\n", FEATURE_FILE),
    ).toEqual([]);
  });
});
