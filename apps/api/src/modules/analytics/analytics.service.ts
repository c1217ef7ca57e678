import type { TAnalyticsOverview } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { moneyHeadlines } from '../accounts/index.js';
import { facultyInService } from '../faculty/index.js';
import { studentsOnRolls } from '../masters/index.js';

/**
 * Leadership's headline figures. Each is read from the module that owns it (students on the rolls
 * from masters, faculty from faculty, money from the accounts ledger), never counted here, so the
 * figure on this page is the figure on the office's own report.
 */
export async function overview(db: Database, collegeId: number): Promise<TAnalyticsOverview> {
  const money = await moneyHeadlines(db, collegeId);
  const [rolls, faculty] = await Promise.all([studentsOnRolls(db, collegeId, money.date), facultyInService(db, collegeId)]);
  return { ...money, studentsOnRolls: rolls.count, facultyInService: faculty };
}
