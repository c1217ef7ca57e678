import { ConfigError, loadConfig } from '../config.js';
import { createDb, migrateToLatest } from './index.js';
import { seedDemo } from './seed/index.js';

/** `npm run db:migrate` and `npm run db:seed`. */
async function main(command: string | undefined) {
  const config = loadConfig();
  const db = await createDb(config.database);
  try {
    await migrateToLatest(db);
    if (command === 'seed') {
      const seeded = await seedDemo(db, config);
      console.log(seeded ? 'Demo colleges seeded.' : 'The database already holds colleges: nothing seeded.');
    } else if (command === 'migrate') {
      console.log('Migrations are up to date.');
    } else {
      throw new ConfigError('Usage: cli.ts migrate|seed');
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv[2]).catch((e) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
