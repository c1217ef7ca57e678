import type { TAnalyticsAdmissions } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { admissionFigures } from '../admissions/index.js';

/**
 * Applications against admissions by quota, category and branch, with each branch's sanctioned
 * intake and last year beside: the admissions office's own figures (`admissionFigures`), which its
 * applications list filters by the same rules.
 */
export const admissions = (db: Database, collegeId: number, year?: number): Promise<TAnalyticsAdmissions> =>
  admissionFigures(db, collegeId, year);
