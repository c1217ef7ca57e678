// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repo });

/** Lints `code` as if it were the file at `file` (repo-relative) and returns the boundary errors. */
async function boundaryErrors(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/feature-imports').map((m) => [m.severity, m.message]);
}

// Loading the ESLint config (typescript-eslint) takes seconds on a busy machine.
describe('feature boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature's files, however the path is written", async () => {
    const file = 'apps/web/src/features/admissions/Fixture.tsx';
    expect(
      await boundaryErrors("import { useSetPublished } from '../results/api';\nexport const x = useSetPublished;\n", file),
    ).toEqual([
      [
        2,
        "Feature 'admissions' must not import feature 'results': move the shared piece to components/ or lib/, or register it through app/ (routes, slots).",
      ],
    ]);
    expect(await boundaryErrors("export { routes } from '../../features/payments/routes';\n", file)).toHaveLength(1);
    expect(await boundaryErrors("export const page = () => import('../faculty/AchievementsPage');\n", file)).toHaveLength(1);
  });

  it('refuses a feature importing app/, and components/ or lib/ importing a feature', async () => {
    expect(
      await boundaryErrors(
        "import { routes } from '../../app/router';\nexport { routes };\n",
        'apps/web/src/features/results/Fixture.tsx',
      ),
    ).toEqual([[2, "Feature 'results' must not import app/: app/ imports the features, not the other way round."]]);
    expect(
      await boundaryErrors(
        "import { x } from '../features/results/api';\nexport { x };\n",
        'apps/web/src/components/Fixture.tsx',
      ),
    ).toHaveLength(1);
  });

  it('allows components/, lib/, @erp/shared, packages and the feature itself', async () => {
    const code = [
      "import { MSG } from '@erp/shared';",
      "import { Button } from '@mui/material';",
      "import { ImportPanel } from '../../components/ImportPanel';",
      "import { can } from '../../lib/authorization';",
      "import { useTitleSummaries } from './api';",
      'export const all = [MSG, Button, ImportPanel, can, useTitleSummaries];',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'apps/web/src/features/results/Fixture.tsx')).toEqual([]);
  });
});
