/** A failure the client caused or may see: the status and message go out as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, message, extra);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError(409, message, extra);

// Class 08 (connection exception) and 57P0x (server shutting down or terminating the session).
const UNAVAILABLE_CODES = /^(08|57P0)/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed/;

/** The database went away under the request (restart, failover): the client may simply try again. */
export function isDatabaseUnavailable(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  return (
    (typeof err?.code === 'string' &&
      (UNAVAILABLE_CODES.test(err.code) || err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET')) ||
    (typeof err?.message === 'string' && UNAVAILABLE_MESSAGES.test(err.message))
  );
}

/**
 * Whether a database error is a unique-constraint violation (PostgreSQL 23505; SQLite's UNIQUE and
 * PRIMARY KEY constraint codes), and which constraint or index it names, when the driver says.
 */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The violated constraint's name (PostgreSQL) or the message naming its columns (SQLite), for telling two unique keys apart. */
export function violatedConstraint(e: unknown): string {
  const err = e as { constraint?: string; message?: string } | null;
  return `${err?.constraint ?? ''} ${err?.message ?? ''}`;
}
