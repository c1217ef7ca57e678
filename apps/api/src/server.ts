import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb, migrateToLatest } from './db/index.js';
import { seedIfEmpty } from './db/seed/index.js';
import { useInstallSecret } from './install-secret.js';
import { setupToken, status as setupStatus } from './modules/setup/index.js';

async function main() {
  const config = useInstallSecret(loadConfig());
  const db = await createDb(config.database);
  await migrateToLatest(db);
  await seedIfEmpty(db, config);
  const app = await buildApp({ config, db });
  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  if ((await setupStatus(db)).required) {
    app.log.warn(
      `First run: no college yet. Open /setup on this server (or run \`npm run setup\`) with the setup token ${setupToken(config)}`,
    );
  }
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
