import type { TAnalyticsPlacements } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { academicYearOf } from '../masters/index.js';
import { placementStatsOfYear } from '../placements/index.js';

const label = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
const thisYear = () => academicYearOf(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));

/**
 * Offers, % placed, median and highest CTC by branch of the batches leaving in the year, last
 * year's beside: the placement cell's own statistics (`stats`), batch by batch, so each figure is
 * the figure on its Statistics tab.
 */
export async function placements(db: Database, collegeId: number, year = thisYear()): Promise<TAnalyticsPlacements> {
  const [batches, lastYearBatches] = await Promise.all([
    placementStatsOfYear(db, collegeId, year),
    placementStatsOfYear(db, collegeId, year - 1),
  ]);
  return {
    year: { year, label: label(year) },
    lastYear: { year: year - 1, label: label(year - 1) },
    batches,
    lastYearBatches,
  };
}
