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

/** One row a sheet import refused, with every reason (rows numbered as the sheet shows them). */
export const ZRejectedRow = z.object({ row: z.number().int(), errors: z.array(z.string()) });
export type TRejectedRow = z.infer<typeof ZRejectedRow>;

/** A file sent as it is (PDF, Excel, photo): documented by its content type, never serialized. */
export const binaryResponse = (contentType: string) =>
  z.custom<Uint8Array | string>(() => true).meta({ type: 'string', format: 'binary', description: contentType });

/** A text/plain answer (the legacy calls whose "response body is text"). */
export const textResponse = (what: string) => z.string().describe(`text/plain: ${what}`);

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
