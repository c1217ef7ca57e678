import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real MARC files from public repositories, committed in test/fixtures/marc (its README names each
 * file's source repository, path, commit, licence and the records taken). MARC_FIXTURES_DIR may
 * point elsewhere to try other files; a missing file is an error, never a skipped test.
 */
export const MARC_FIXTURES_DIR =
  process.env.MARC_FIXTURES_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/marc');
export const fixture = (name: string) => fs.readFileSync(path.join(MARC_FIXTURES_DIR, name));
