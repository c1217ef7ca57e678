import { sql, type Kysely } from 'kysely';
import { collegeTable, isPostgres, text } from './helpers.js';

/**
 * The library: titles and their copies (accession number = barcode), circulation rules per patron
 * category and item type, loans, holds (the waiting list) and fines. Patrons are the ERP's own
 * students and staff, named by roll number or employee code; library_patrons only keeps a
 * category or membership-expiry override. Money in paise, dates 'YYYY-MM-DD'.
 * OPAC search: an FTS5 table kept by triggers on SQLite, a generated tsvector with a GIN index on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'library_titles')
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(300)', text)
    .addColumn('authors', 'varchar(500)', text)
    .addColumn('isbn', 'varchar(13)')
    .addColumn('publisher', 'varchar(200)', text)
    .addColumn('year', 'integer')
    .addColumn('edition', 'varchar(60)', text)
    .addColumn('subjects', 'varchar(500)', text)
    .addColumn('call_number', 'varchar(60)', text)
    .addColumn('language', 'varchar(40)', text)
    .addColumn('pages', 'integer')
    .addColumn('item_type', 'varchar(20)', (c) => c.notNull().defaultTo('book'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('library_titles_isbn', ['college_id', 'isbn'])
    .execute();
  await db.schema.createIndex('library_titles_title').on('library_titles').columns(['college_id', 'title']).execute();

  await collegeTable(db, 'library_copies')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('library_titles.id').onDelete('cascade'))
    .addColumn('accession_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('shelf_location', 'varchar(80)', text)
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('available'))
    .addColumn('hold_id', 'integer')
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vendor', 'varchar(120)', text)
    .addColumn('acquired_on', 'varchar(10)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('library_copies_accession', ['college_id', 'accession_no'])
    .execute();
  await db.schema.createIndex('library_copies_title').on('library_copies').columns(['title_id', 'status']).execute();

  await collegeTable(db, 'library_categories')
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addUniqueConstraint('library_categories_code', ['college_id', 'code'])
    .execute();

  await collegeTable(db, 'library_rules')
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('max_loans', 'integer', (c) => c.notNull())
    .addColumn('loan_days', 'integer', (c) => c.notNull())
    .addColumn('renewals', 'integer', (c) => c.notNull())
    .addColumn('grace_days', 'integer', (c) => c.notNull())
    .addColumn('fine_per_period', 'integer', (c) => c.notNull())
    .addColumn('fine_period_days', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fine_cap', 'integer', (c) => c.notNull())
    .addColumn('block_fine_total', 'integer', (c) => c.notNull())
    .addColumn('hold_limit', 'integer', (c) => c.notNull())
    .addColumn('hold_shelf_days', 'integer', (c) => c.notNull())
    .addColumn('lost_processing_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('library_rules_key', ['college_id', 'category', 'item_type'])
    .execute();

  await collegeTable(db, 'library_patrons')
    .addColumn('patron_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)')
    .addColumn('expires_on', 'varchar(10)')
    .addUniqueConstraint('library_patrons_code', ['college_id', 'patron_code'])
    .execute();

  await collegeTable(db, 'library_loans')
    .addColumn('copy_id', 'integer', (c) => c.notNull().references('library_copies.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('patron_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('patron_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('student_id', 'integer')
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('issued_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('returned_on', 'varchar(10)')
    .addColumn('renewals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('issued_by', 'integer')
    .addColumn('returned_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  // One open loan per copy, whatever the service does.
  await db.schema
    .createIndex('library_loans_open_copy')
    .on('library_loans')
    .column('copy_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('library_loans_patron')
    .on('library_loans')
    .columns(['college_id', 'patron_code', 'status'])
    .execute();
  await db.schema.createIndex('library_loans_due').on('library_loans').columns(['college_id', 'status', 'due_on']).execute();
  await db.schema.createIndex('library_loans_issued').on('library_loans').columns(['college_id', 'issued_on']).execute();
  await db.schema.createIndex('library_loans_copy').on('library_loans').columns(['copy_id', 'issued_on']).execute();

  await collegeTable(db, 'library_holds')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('library_titles.id').onDelete('cascade'))
    .addColumn('patron_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('patron_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('copy_id', 'integer')
    .addColumn('placed_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('ready_on', 'varchar(10)')
    .addColumn('expires_on', 'varchar(10)')
    .addColumn('closed_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('library_holds_queue').on('library_holds').columns(['title_id', 'status', 'placed_at']).execute();
  await db.schema
    .createIndex('library_holds_patron')
    .on('library_holds')
    .columns(['college_id', 'patron_code', 'status'])
    .execute();

  await collegeTable(db, 'library_fines')
    .addColumn('patron_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('patron_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('student_id', 'integer')
    .addColumn('loan_id', 'integer')
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('overdue_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('receipt_no', 'integer')
    .addColumn('document_code', 'varchar(40)')
    .addColumn('paid_at', 'varchar(40)')
    .addColumn('settled_by', 'integer')
    .addColumn('waive_reason', 'varchar(300)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('library_fines_receipt', ['college_id', 'receipt_no'])
    .execute();
  await db.schema
    .createIndex('library_fines_patron')
    .on('library_fines')
    .columns(['college_id', 'patron_code', 'status'])
    .execute();
  await db.schema
    .createIndex('library_fines_student')
    .on('library_fines')
    .columns(['college_id', 'student_id', 'status'])
    .execute();

  if (isPostgres(db)) {
    await sql`ALTER TABLE library_titles ADD COLUMN search tsvector GENERATED ALWAYS AS (
      to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(subtitle, '') || ' ' || coalesce(authors, '') || ' ' ||
        coalesce(subjects, '') || ' ' || coalesce(isbn, '') || ' ' || coalesce(call_number, '') || ' ' || coalesce(publisher, ''))
    ) STORED`.execute(db);
    await sql`CREATE INDEX library_titles_search ON library_titles USING GIN (search)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE library_titles_fts USING fts5(
      title, subtitle, authors, subjects, isbn, call_number, publisher,
      content='library_titles', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
    const cols = 'title, subtitle, authors, subjects, isbn, call_number, publisher';
    const newCols = 'new.title, new.subtitle, new.authors, new.subjects, new.isbn, new.call_number, new.publisher';
    const oldCols = 'old.title, old.subtitle, old.authors, old.subjects, old.isbn, old.call_number, old.publisher';
    await sql
      .raw(
        `CREATE TRIGGER library_titles_ai AFTER INSERT ON library_titles BEGIN
          INSERT INTO library_titles_fts(rowid, ${cols}) VALUES (new.id, ${newCols}); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER library_titles_ad AFTER DELETE ON library_titles BEGIN
          INSERT INTO library_titles_fts(library_titles_fts, rowid, ${cols}) VALUES ('delete', old.id, ${oldCols}); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER library_titles_au AFTER UPDATE ON library_titles BEGIN
          INSERT INTO library_titles_fts(library_titles_fts, rowid, ${cols}) VALUES ('delete', old.id, ${oldCols});
          INSERT INTO library_titles_fts(rowid, ${cols}) VALUES (new.id, ${newCols}); END`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of ['library_titles_ai', 'library_titles_ad', 'library_titles_au'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
    await sql`DROP TABLE IF EXISTS library_titles_fts`.execute(db);
  }
  for (const t of [
    'library_fines',
    'library_holds',
    'library_loans',
    'library_patrons',
    'library_rules',
    'library_categories',
    'library_copies',
    'library_titles',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
