import { z } from 'zod';
import { ZRejectedRow } from './common-schemas.js';

/**
 * Response shapes the web app reads that no module's schema file holds: the generic contract of
 * the shared Excel import panel (apps/web/src/components/ImportPanel.tsx).
 */

/**
 * What every Excel import answers (admissions' masterDataExcelsUploads, results' exam-results/import
 * and the imports of new modules): a dry run checks every row and saves none. A module's own
 * report extends it (ZAdmissionImportReport, ZResultImportReport fit it).
 */
export const ZImportReport = z.object({
  message: z.string(),
  saved: z.number().int(),
  /** rows that passed the checks (a dry run's would-be-saved count) */
  valid: z.number().int().optional(),
  dryRun: z.boolean().optional(),
  rejected: z.array(ZRejectedRow),
});
export type TImportReport = z.infer<typeof ZImportReport>;
