// Server side of payments-ipn.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp
// SQLite database, adds ORDERS open payment orders, serves the real app and reports its port and
// the demo signing key (the bench signs callbacks the way Lyra does).
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, migrateToLatest } from '../src/db/index.js';
import { seedDemo } from '../src/db/seed/index.js';
import { signingKey } from '../src/modules/payments/gateway.js';

async function main() {
  const [file, count] = process.argv.slice(2);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: file,
    JWT_SECRET: 'bench-secret-bench-secret-bench',
    CIPHER_KEY: 'bench-cipher-key',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent-web-dist',
  });
  const db = await createDb(config.database);
  await migrateToLatest(db);
  await seedDemo(db, config);
  const college = await db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const rows = Array.from({ length: Number(count) }, (_, i) => ({
    college_id: college.id,
    order_id: `ORD-BENCH-${i}`,
    roll_no: '22A91A0501',
    fee_type: 'semester',
    semester: 'IV-I',
    exam_type: 'Regular',
    course_code: null,
    course: '',
    amount: 4_500_000,
    currency: 'INR',
    status: 'created',
    transaction_id: null,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('payment_orders')
      .values(rows.slice(i, i + 500))
      .execute();
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    const n = await db
      .selectFrom('fee_payments')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('receipt_no').as('max')])
      .where('order_id', 'like', 'ORD-BENCH-%')
      .executeTakeFirstOrThrow();
    process.send!({ recorded: Number(n.n), maxReceipt: Number(n.max) });
    await app.close();
    await db.destroy();
    process.exit(0);
  });
  process.send!({ port: (app.server.address() as { port: number }).port, key: signingKey(config) });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
