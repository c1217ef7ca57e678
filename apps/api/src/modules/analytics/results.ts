import type { TAnalyticsResults } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { academicYearOf } from '../masters/index.js';
import { resultFigures } from '../results/index.js';

/** The academic year the office's today (India) falls in. */
const thisYear = () => academicYearOf(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));

/** Pass % over the years, backlogs and toppers: the exam cell's published results by its own standing rules (`resultFigures`). */
export const results = (db: Database, collegeId: number, year = thisYear()): Promise<TAnalyticsResults> =>
  resultFigures(db, collegeId, year);
