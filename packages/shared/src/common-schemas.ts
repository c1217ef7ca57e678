import { z } from 'zod';

/**
 * Response building blocks every module uses. Response schemas carry no transforms: the server
 * serializes answers through them (an answer that does not fit is a bug the tests catch).
 */

/** `{ message }`: the answer of most saves and deletes. */
export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

/** A save that names the saved row. */
export const ZSavedId = z.object({ message: z.string(), id: z.number().int() });
export type TSavedId = z.infer<typeof ZSavedId>;

/** The answer of any refused call: 400 with every problem, 401/403/404/409 with the message. */
export const ZErrorResponse = z.looseObject({
  message: z.string(),
  errors: z.array(z.union([z.string(), z.object({ path: z.string(), message: z.string() })])).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** A JSON array of names (the legacy dropdown calls). */
export const ZStringList = z.array(z.string());

/**
 * A list the server cuts at `limit` rows for speed: the rows sent, how many match in all (same
 * filters), and the cap, so the screen can say "1,000 of 2,404 shown".
 */
export const capped = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int() });
export type TCapped<T> = { items: T[]; total: number; limit: number };

/** One row a sheet import refused, with every reason (rows numbered as the sheet shows them). */
export const ZRejectedRow = z.object({ row: z.number().int(), errors: z.array(z.string()) });
export type TRejectedRow = z.infer<typeof ZRejectedRow>;

/** A file sent as it is (PDF, Excel, photo): documented by its content type, never serialized. */
export const binaryResponse = (contentType: string) =>
  z.custom<Uint8Array | string>(() => true).meta({ type: 'string', format: 'binary', description: contentType });

const TEXT_RESPONSES = new WeakSet<z.ZodType>();

/**
 * A text/plain answer (the legacy calls whose "response body is text"). The web client reads an
 * endpoint whose response is one as text (isTextResponse); kept aside, so the document is unchanged.
 */
export const textResponse = (what: string) => {
  const schema = z.string().describe(`text/plain: ${what}`);
  TEXT_RESPONSES.add(schema);
  return schema;
};

/** True for a schema made by textResponse(...). */
export const isTextResponse = (schema: z.ZodType): boolean => TEXT_RESPONSES.has(schema);

/** A multipart file part, for documenting upload calls. */
export const filePart = (what: string) => z.string().meta({ format: 'binary' }).describe(what);

/** A multipart text part holding JSON. */
export const jsonTextPart = (what: string) => z.string().describe(`JSON text: ${what}`);

/** `/:id` of any resource. */
export const ZIdParam = z.object({
  id: z.coerce.number({ message: 'The id must be a number' }).int().positive('The id must be a number'),
});
/** The answer of a call that has nothing to return but success. */
export const ZOk = z.object({ ok: z.literal(true) });
/** `/:id` with the message the library and accounts calls give. */
export const ZIdParams = z.object({ id: z.coerce.number({ message: 'id must be a number' }).int().min(1).max(2_000_000_000) });

// ---- Dates -----------------------------------------------------------------------------------
// Every date a caller sends (query, params, body) goes through these, so none can be a date the
// server cannot step through or store: a real calendar date, years 1900 to 2199.

export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2199-12-31';
/** The longest run of days a day-by-day report (or a leave) covers: a leap year. */
export const MAX_DAY_SPAN = 366;

export const DATE_MSG = {
  invalid: (label: string) => `${label}: give a real date between 1900 and 2199 as yyyy-mm-dd`,
  invalidMonth: (label: string) => `${label}: give a month between 1900-01 and 2199-12 as yyyy-mm`,
  invalidTime: (label: string) => `${label}: give a real date and time between 1900 and 2199 as yyyy-mm-ddThh:mm`,
  /** with labels 'from date' and 'to date': "The from date must be on or before the to date" */
  reversed: (from: string, to: string) => `The ${from} must be on or before the ${to}`,
  tooLong: (from: string, to: string, maxDays: number) =>
    `From the ${from} to the ${to} can be at most ${maxDays} days; choose a shorter range`,
} as const;

/** A real calendar date written yyyy-mm-dd (any year 0000-9999). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A real yyyy-mm-dd date between DATE_MIN and DATE_MAX. */
export const isSaneDate = (value: string) => isIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX;

/** Days from `from` to `to`, both counted (1 for the same day; 0 or less when to is before from). */
export function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

interface DateMessages {
  /** when the field is missing or not text (default: `invalid`) */
  required?: string;
  /** when it is malformed or not a real date (default: the builder's DATE_MSG line, naming the field) */
  invalid?: string;
  /** when it is real but outside 1900..2199 (default: the builder's DATE_MSG line, naming the field) */
  outOfRange?: string;
}

/** Marks the schemas built here, so a test can find a date field declared without them. */
export const saneDateSchemas = z.registry<{ kind: 'date' | 'month' | 'datetime' }>();

function saneText(
  kind: 'date' | 'month' | 'datetime',
  m: DateMessages,
  wellFormed: (s: string) => boolean,
  inRange: (s: string) => boolean,
  fallback: string,
) {
  const invalid = m.invalid ?? fallback;
  const schema = z
    .string({ message: m.required ?? invalid })
    .trim()
    .superRefine((s, ctx) => {
      if (!wellFormed(s)) ctx.addIssue({ code: 'custom', message: invalid });
      else if (!inRange(s)) ctx.addIssue({ code: 'custom', message: m.outOfRange ?? fallback });
    });
  saneDateSchemas.add(schema, { kind });
  return schema;
}

/**
 * The one date schema: yyyy-mm-dd, a real calendar date, 1900-01-01..2199-12-31. `label` names the
 * field in the default message; a module passes its own wording only where a test or the legacy
 * spec fixes it (the out-of-range message still names the field unless told otherwise).
 */
export const ZIsoDate = (label: string, messages: DateMessages = {}) =>
  saneText('date', messages, isIsoDate, (s) => s >= DATE_MIN && s <= DATE_MAX, DATE_MSG.invalid(label));

/** A month yyyy-mm, 1900-01..2199-12. */
export const ZIsoMonth = (label: string, messages: DateMessages = {}) =>
  saneText(
    'month',
    messages,
    (s) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s),
    (s) => s >= DATE_MIN.slice(0, 7) && s <= DATE_MAX.slice(0, 7),
    DATE_MSG.invalidMonth(label),
  );

/** A local date and time yyyy-mm-ddThh:mm (no zone), its date in 1900..2199. */
export const ZLocalDateTime = (label: string, messages: DateMessages = {}) =>
  saneText(
    'datetime',
    messages,
    (s) => /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(s) && isIsoDate(s.slice(0, 10)),
    (s) => isSaneDate(s.slice(0, 10)),
    DATE_MSG.invalidTime(label),
  );

interface RangeOptions<K extends string> {
  from: K;
  to: K;
  /** how the messages name the two fields (default 'from date' and 'to date') */
  fromLabel?: string;
  toLabel?: string;
  /** refuse a range of more days than this, both ends counted */
  maxDays?: number;
  /** the module's own wording for a reversed range */
  reversed?: string;
}

/**
 * An object check for a from/to pair: from on or before to and, for day-by-day work, at most
 * maxDays. Either end may be absent (then there is nothing to compare). The issue is on `to`.
 * Use: z.object({...}).superRefine(dateRange({ from: 'from', to: 'to', maxDays: MAX_DAY_SPAN })).
 */
export function dateRange<K extends string>(o: RangeOptions<K>) {
  const fromLabel = o.fromLabel ?? 'from date';
  const toLabel = o.toLabel ?? 'to date';
  return (v: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const from = v[o.from];
    const to = v[o.to];
    // A missing or refused end has its own message already (zod still runs this check then).
    if (typeof from !== 'string' || typeof to !== 'string' || !isSaneDate(from) || !isSaneDate(to)) return;
    if (to < from) ctx.addIssue({ code: 'custom', path: [o.to], message: o.reversed ?? DATE_MSG.reversed(fromLabel, toLabel) });
    else if (o.maxDays && daySpan(from, to) > o.maxDays)
      ctx.addIssue({ code: 'custom', path: [o.to], message: DATE_MSG.tooLong(fromLabel, toLabel, o.maxDays) });
  };
}
