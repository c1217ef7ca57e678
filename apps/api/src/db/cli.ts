import { ConfigError, loadConfig } from '../config.js';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors.js';
import type { Config } from '../config.js';
import { complete, setupToken } from '../modules/setup/index.js';
import { backup, restore } from './backup.js';
import { backfillLedger } from './backfill-ledger.js';
import { checkBooks } from '../checks/books.js';
import type { Database } from './index.js';
import { createDb, migrateToLatest } from './index.js';
import { seedDemo } from './seed/index.js';

/** `npm run db:migrate`, `db:seed`, `db:backup [FILE]`, `db:restore FILE`, `db:backfill-ledger` and `check:books`. */
async function main(command: string | undefined, arg: string | undefined) {
  const config = loadConfig();
  if (command === 'backup') return console.log(`Backup written to ${await backup(config, arg)}`);
  if (command === 'restore') {
    if (!arg) throw new ConfigError('Usage: npm run db:restore -- FILE');
    const m = await restore(config, arg);
    return console.log(`Restored the ${m.dialect} database and the uploads as they were at ${m.createdAt}.`);
  }
  const db = await createDb(config.database);
  try {
    await migrateToLatest(db);
    if (command === 'setup') {
      const done = await firstRunSetup(db, config, process.argv.slice(3));
      console.log(`Set up ${done.college.name} (${done.college.code}). Sign in at /login/Admin as ${done.admin}.`);
    } else if (command === 'seed') {
      const seeded = await seedDemo(db, config);
      console.log(seeded ? 'Demo colleges seeded.' : 'The database already holds colleges: nothing seeded.');
    } else if (command === 'backfill-ledger') {
      const counts = await backfillLedger(db);
      if (!counts.length) console.log('No colleges yet: nothing to post.');
      for (const r of counts) {
        console.log(
          `${r.college}: posted ${r.hostelCharges} hostel charge(s) with ${r.hostelReceipts} hostel receipt(s), ` +
            `${r.transportPasses} transport fare(s), ${r.libraryFines} library fine(s)`,
        );
      }
    } else if (command === 'check-books') {
      const found = await checkBooks(db);
      for (const d of found) console.log(`${d.college} · ${d.check}: ${d.detail}`);
      console.log(found.length ? `${found.length} disagreement(s).` : 'The books agree.');
      if (found.length) process.exitCode = 1;
    } else if (command === 'migrate') {
      console.log('Migrations are up to date.');
    } else {
      throw new ConfigError('Usage: cli.ts migrate|seed|setup OPTIONS|backup [FILE]|restore FILE|backfill-ledger|check-books');
    }
  } finally {
    await db.destroy();
  }
}

/**
 * `npm run setup -- --name "Sri Venkateswara Engineering College" --code SVEC --host erp.svec.edu.in
 *   --email office@svec.edu.in --admin admin --admin-email it@svec.edu.in` (password from
 * --password or ERP_ADMIN_PASSWORD): the first-run setup page's work, from the server's shell.
 */
function firstRunSetup(db: Database, config: Config, args: string[]) {
  const { values: v } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      code: { type: 'string' },
      host: { type: 'string', multiple: true },
      address: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      admin: { type: 'string' },
      'admin-name': { type: 'string' },
      'admin-email': { type: 'string' },
      password: { type: 'string' },
    },
  });
  return complete(db, config, {
    token: setupToken(config),
    college: {
      name: v.name ?? '',
      code: v.code ?? '',
      hosts: v.host ?? [],
      address: v.address,
      phone: v.phone,
      email: v.email ?? '',
    },
    admin: {
      username: v.admin ?? 'admin',
      fullName: v['admin-name'],
      email: v['admin-email'] ?? v.email ?? '',
      password: v.password ?? process.env.ERP_ADMIN_PASSWORD ?? '',
    },
  });
}

main(process.argv[2], process.argv[3]).catch((e) => {
  if (e instanceof ZodError) e = new ConfigError(e.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
  console.error(e instanceof ConfigError || e instanceof AppError ? e.message : e);
  process.exit(1);
});
