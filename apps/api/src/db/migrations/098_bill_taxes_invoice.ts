import type { Kysely } from 'kysely';

/**
 * A vendor bill's tax as the invoice states it: CGST + SGST (intra-state) or IGST (inter-state),
 * TDS by section and rate; the vendor's invoice file; when it was decided. gst_paise stays the
 * total of the three (bills before this keep their total with no split). The college's GST state
 * code ('' unknown) tells intra- from inter-state by the vendor's GSTIN.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns: Array<[string, 'integer' | 'varchar(10)' | 'varchar(300)' | 'varchar(40)', number | string]> = [
    ['cgst_paise', 'integer', 0],
    ['sgst_paise', 'integer', 0],
    ['igst_paise', 'integer', 0],
    ['tds_section', 'varchar(10)', ''],
    ['tds_rate_bp', 'integer', 0],
    ['invoice_path', 'varchar(300)', ''],
    ['invoice_type', 'varchar(10)', ''],
    ['decided_at', 'varchar(40)', ''],
  ];
  for (const [name, type, value] of columns)
    await db.schema
      .alterTable('acc_bills')
      .addColumn(name, type, (c) => c.notNull().defaultTo(value))
      .execute();
  await db.schema
    .alterTable('acc_settings')
    .addColumn('gst_state_code', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['cgst_paise', 'sgst_paise', 'igst_paise', 'tds_section', 'tds_rate_bp', 'invoice_path', 'invoice_type', 'decided_at'])
    await db.schema.alterTable('acc_bills').dropColumn(column).execute();
  await db.schema.alterTable('acc_settings').dropColumn('gst_state_code').execute();
}
