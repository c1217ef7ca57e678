import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

/**
 * What a person typed into a list's search box, as a LIKE pattern that matches it anywhere in a
 * lower-cased column: trimmed and lower-cased, with LIKE's own wildcards (% and _) escaped so a
 * typed "%" or "_" means itself (the clause below names the escape character).
 */
export function containsPattern(typed: string): string {
  return `%${likeLiteral(typed)}%`;
}

/** The same as containsPattern, but matching only at the start of the column (roll numbers typed from the left). */
export function startsWithPattern(typed: string): string {
  return `${likeLiteral(typed)}%`;
}

/** What was typed, trimmed and lower-cased, with LIKE's wildcards (and its escape character) escaped. */
function likeLiteral(typed: string): string {
  return typed.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A WHERE clause true when any of the columns contains what was typed, case-insensitive on both
 * SQLite and PostgreSQL (the column and the pattern are both lower-cased).
 */
export function anyColumnContains<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly string[],
  typed: string,
): Expression<SqlBool> {
  return eb.or(columns.map((c) => lowerLike(c, containsPattern(typed))));
}

/** A WHERE clause true when the column starts with what was typed, case-insensitive on both databases. */
export function columnStartsWith(column: string, typed: string): Expression<SqlBool> {
  return lowerLike(column, startsWithPattern(typed));
}

function lowerLike(column: string, pattern: string) {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
