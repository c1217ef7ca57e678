import { z } from 'zod';
import { ROLES, type Role } from './roles.js';

/** NAAC and NIRF (issue 17): who reads and edits the quality figures. */
export const QUALITY_ROLES: Role[] = [ROLES.IQAC_INCHARGE, ROLES.IQAC_COORDINATOR, ROLES.PRINCIPAL, ROLES.ADMIN];

export const QUALITY_MSG = {
  badYear: 'Year must look like 2025 or 2025-26',
  badYears: 'Years must be a list like 2021,2022 or 2021-2025 (at most ten years)',
  unknownMetric: 'No such NAAC metric',
  unknownInput: 'No such input for this year',
} as const;

/** Parses '2025', '2025-26' or '2025-2026' to the academic year's first calendar year; null when not a year. */
export function parseQualityYear(raw: string | number | undefined | null): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const m = /^\s*(\d{4})(?:\s*-\s*(\d{2}|\d{4}))?\s*$/.exec(String(raw));
  if (!m) return null;
  const y = Number(m[1]);
  if (y < 1990 || y > 2100) return null;
  if (m[2]) {
    const next = m[2].length === 2 ? (y + 1) % 100 : y + 1;
    if (Number(m[2]) !== next) return null;
  }
  return y;
}

/** 2025 → '2025-26', the label NAAC's templates use. */
export const qualityYearLabel = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;

export const ZQualityYearQuery = z.object({ year: z.string().max(12).optional() });
export const ZQualityYearsQuery = z.object({ years: z.string().max(60).optional() });
export const ZNaacMetricParams = z.object({ metric: z.string().min(1).max(20) });

export const ZQualityInputValue = z.object({
  key: z.string(),
  label: z.string(),
  /** portal: computed from the portal's data; iqac: entered by IQAC staff */
  source: z.enum(['portal', 'iqac']),
  value: z.number().nullable(),
  missing: z.boolean(),
});

export const ZNaacMetric = z.object({
  id: z.string(),
  criterion: z.string(),
  title: z.string(),
  /** the formula as written in the framework's data, over named inputs */
  formula: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  inputs: z.array(ZQualityInputValue),
  warnings: z.array(z.string()),
  /** the same metric for each of the five years ending at the chosen one, oldest first */
  history: z.array(z.object({ year: z.number().int(), label: z.string(), value: z.number().nullable() })),
});
export type TNaacMetric = z.infer<typeof ZNaacMetric>;

export const ZNaacMetrics = z.object({
  year: z.number().int(),
  label: z.string(),
  framework: z.string(),
  years: z.array(z.object({ year: z.number().int(), label: z.string() })),
  metrics: z.array(ZNaacMetric),
});
export type TNaacMetrics = z.infer<typeof ZNaacMetrics>;

/** The rows behind one input of a figure, as a small table. */
export const ZQualityEvidence = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number().nullable(),
  source: z.enum(['portal', 'iqac']),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type TQualityEvidence = z.infer<typeof ZQualityEvidence>;

export const ZNaacEvidence = z.object({
  metric: z.string(),
  title: z.string(),
  formula: z.string(),
  year: z.number().int(),
  label: z.string(),
  value: z.number().nullable(),
  warnings: z.array(z.string()),
  inputs: z.array(ZQualityEvidence),
});
export type TNaacEvidence = z.infer<typeof ZNaacEvidence>;

/** The figures IQAC staff enter per year (sanctioned intake and posts, weights, ...). */
export const ZQualityField = z.object({
  key: z.string(),
  label: z.string(),
  help: z.string(),
  value: z.number().nullable(),
  /** a default applies when nothing is entered (e.g. NIRF weights) */
  defaultValue: z.number().nullable(),
  note: z.string(),
});
export const ZQualityFields = z.object({ year: z.number().int(), label: z.string(), fields: z.array(ZQualityField) });
export type TQualityFields = z.infer<typeof ZQualityFields>;

export const ZQualityFieldsSave = z.object({
  year: z.union([z.string(), z.number()]),
  values: z
    .array(
      z.object({
        key: z.string().min(1).max(60),
        value: z.number().min(0, 'Values cannot be negative').max(1e12).nullable(),
        note: z.string().max(300).default(''),
      }),
    )
    .max(100),
});
export type TQualityFieldsSave = z.input<typeof ZQualityFieldsSave>;

export const ZNirfTable = z.object({
  id: z.string(),
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});
export type TNirfTable = z.infer<typeof ZNirfTable>;

export const ZNirfScore = z.object({
  id: z.string(),
  parameter: z.string(),
  title: z.string(),
  /** the expression the portal evaluates */
  formula: z.string(),
  /** the published NIRF formula, in its own symbols and words */
  methodology: z.string(),
  /** one line: the formula, each input beside its value, and the score ("FSR = 30 × … where N = 720, F = 25.67: 16.04") */
  workings: z.string(),
  weight: z.number(),
  score: z.number().nullable(),
  /** the values in the formula: a 3-year input is the mean of the years that have it */
  inputs: z.array(ZQualityInputValue),
  /** the inputs averaged over three years, year by year (oldest first); empty when none is averaged */
  perYear: z.array(z.object({ year: z.number().int(), label: z.string(), inputs: z.array(ZQualityInputValue) })),
  missing: z.array(z.string()),
});
export type TNirfScore = z.infer<typeof ZNirfScore>;

/** A head of the ranking (TLR, RP, GO, OI, PR): its weight in the total and its parameters' marks. */
export const ZNirfHead = z.object({
  id: z.string(),
  title: z.string(),
  /** the head's share of the overall score (TLR 0.30, RP 0.30, GO 0.20, OI 0.10, PR 0.10) */
  weight: z.number(),
  marks: z.number(),
  parameters: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      marks: z.number(),
      /** scored here from the institution's own data, or why not */
      scored: z.boolean(),
      note: z.string(),
    }),
  ),
});
export type TNirfHead = z.infer<typeof ZNirfHead>;

export const ZNirfData = z.object({
  year: z.number().int(),
  label: z.string(),
  category: z.string(),
  heads: z.array(ZNirfHead),
  tables: z.array(ZNirfTable),
  scores: z.array(ZNirfScore),
  missing: z.array(z.string()),
  /** the same gaps by the year they belong to, oldest first (years with none left out) */
  missingByYear: z.array(z.object({ year: z.number().int(), label: z.string(), missing: z.array(z.string()) })),
});
export type TNirfData = z.infer<typeof ZNirfData>;
