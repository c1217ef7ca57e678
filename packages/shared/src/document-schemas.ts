import { z } from 'zod';

export const DOCUMENT_MSG = {
  notFound: 'No document with this verification code was issued by this college',
} as const;

/** What a verifier sees after scanning an issued document's QR code. */
export const ZIssuedDocument = z.object({
  code: z.string(),
  kind: z.string(),
  title: z.string(),
  holder: z.string(),
  college: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  issuedAt: z.string(),
  revoked: z.boolean(),
  revokedReason: z.string().nullable(),
});
export type TIssuedDocument = z.infer<typeof ZIssuedDocument>;
export const ZDocumentCodeParam = z.object({
  code: z
    .string()
    .trim()
    .min(4)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a verification code'),
});
