import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';

/**
 * Real MARC files from public repositories (their README names each file's source and licence).
 * Files fetched from other repositories are kept out of this repository: they are read from
 * MARC_FIXTURES_DIR, or from fixtures/marc in the shared folder beside the checkout.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const MARC_FIXTURES_DIR = process.env.MARC_FIXTURES_DIR ?? path.resolve(repoRoot, '../shared/fixtures/marc');
export const haveMarcFixtures = fs.existsSync(path.join(MARC_FIXTURES_DIR, 'README.md'));
export const fixture = (name: string) => fs.readFileSync(path.join(MARC_FIXTURES_DIR, name));
/** A test that reads the real files: skipped, saying why, where they are not beside the checkout. */
export const itWithFiles = haveMarcFixtures ? it : it.skip;
