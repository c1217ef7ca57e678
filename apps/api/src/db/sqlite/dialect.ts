import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * SQLite runs DDL in transactions (Kysely's adapter says no only because some PRAGMAs are no-ops
 * inside one; no migration uses them). Said yes, the migrator runs all pending migrations in one
 * transaction: half-made tables never stay behind, and its write lock serializes replicas.
 */
export class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

/**
 * Kysely's own SQLite driver, each transaction committed on its own (savepoints allowed), with
 * migrations in one transaction as above: the connection when SQLITE_TUNING is off.
 */
export class PlainSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter() {
    return new TransactionalDdlAdapter();
  }
}

/**
 * Transactions begin IMMEDIATE: they take the write lock first, waiting (busy_timeout) while another
 * process (a replica, `npm run setup`) holds it. Kysely's deferred `begin` would read first and then
 * fail at once with SQLITE_BUSY on its first write, as migrations of replicas started together did.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
