import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repo });

/** Lints `code` as if it were the file at `file` (repo-relative) and returns the module-boundary errors. */
async function boundaryErrors(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.filter((m) => m.ruleId === 'api-boundaries/module-imports').map((m) => [m.severity, m.message]);
}

const IN_ATTENDANCE = 'apps/api/src/modules/attendance/fixture.ts';

// Loading the ESLint config (typescript-eslint) takes seconds on a busy machine.
describe('API module boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it("refuses a module importing another module's internal files, however the import is written", async () => {
    expect(
      await boundaryErrors("import { staffOf } from '../masters/masters.service.js';\nexport const x = staffOf;\n", IN_ATTENDANCE),
    ).toEqual([
      [
        2,
        "'../masters/masters.service.js' reaches inside module 'masters': import its public face '../masters/index.js' (export what other modules need from modules/masters/index.ts).",
      ],
    ]);
    expect(await boundaryErrors("export { libraryDues } from '../../modules/library/fines.js';\n", IN_ATTENDANCE)).toHaveLength(1);
    expect(await boundaryErrors("export const load = () => import('../results/results.standing.js');\n", IN_ATTENDANCE)).toHaveLength(1);
    expect(await boundaryErrors("import type { Staff } from '../masters/masters.service.js';\nexport type S = Staff;\n", IN_ATTENDANCE)).toHaveLength(1);
  });

  it('refuses lib/, db/, plugins/ and tests reaching inside a module', async () => {
    expect(await boundaryErrors("export { syncFines } from '../modules/library/fines.js';\n", 'apps/api/src/lib/fixture.ts')).toHaveLength(1);
    expect(await boundaryErrors("import * as r from '../modules/college/college.repo.js';\nexport { r };\n", 'apps/api/src/plugins/fixture.ts')).toHaveLength(1);
    expect(await boundaryErrors("export { complete } from '../modules/setup/setup.service.js';\n", 'apps/api/src/db/fixture.ts')).toHaveLength(1);
    expect(await boundaryErrors("export { postCharge } from '../accounts/ledger.service.js';\n", 'apps/api/src/modules/portal/fixture.test.ts')).toHaveLength(1);
    // Test builders live in apps/api/test/, so no file in a module is another's exception, tests included.
    expect(await boundaryErrors("export { ok } from '../masters/academic.test-helpers.js';\n", IN_ATTENDANCE)).toHaveLength(1);
    expect(
      await boundaryErrors("export { ok } from '../masters/academic.test-helpers.js';\n", 'apps/api/src/modules/attendance/fixture.test.ts'),
    ).toHaveLength(1);
    // Only the route table may import route files.
    expect(await boundaryErrors("export { default } from '../library/library.routes.js';\n", IN_ATTENDANCE)).toHaveLength(1);
    expect(await boundaryErrors("export { x } from './library/fines.js';\n", 'apps/api/src/modules/index.ts')).toHaveLength(1);
  });

  it("allows faces, the module's own files, shared code, and route files in the route table", async () => {
    const code = [
      "import { studentStanding } from '../results/index.js';",
      "import * as masters from '../../modules/masters/index.js';",
      "import { shortage } from './attendance.service.js';",
      "import { badRequest } from '../../lib/errors.js';",
      "import { MSG } from '@erp/shared';",
      'export const all = [studentStanding, masters, shortage, badRequest, MSG];',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, IN_ATTENDANCE)).toEqual([]);
    expect(await boundaryErrors("export { setupToken } from '../modules/setup/index.js';\n", 'apps/api/src/db/fixture.ts')).toEqual([]);
    expect(await boundaryErrors("export { default } from './library/library.routes.js';\n", 'apps/api/src/modules/index.ts')).toEqual([]);
  });
});
