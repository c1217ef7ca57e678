import { HOSTEL_MSG, type TBedOffer, type TOfferedBed } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as repo from './hostel.repo.js';

type Application = NonNullable<Awaited<ReturnType<typeof repo.application>>>;
type FreeBed = Awaited<ReturnType<typeof repo.freeBeds>>[number];

/**
 * What the application asked for, in words, each with the test a bed must pass and its weight when
 * beds miss as many: the hostel asked for weighs most, then AC, then sharing.
 */
function preferencesOf(app: Application) {
  const wants: Array<{ said: string; weight: number; unmet: (b: FreeBed) => string | null }> = [];
  if (app.preferredBuildingId !== null)
    wants.push({
      said: `In ${app.preferredBuilding}`,
      weight: 4,
      unmet: (b) => (b.building_id === app.preferredBuildingId ? null : `Not in ${app.preferredBuilding}`),
    });
  if (app.prefersAc === 1) wants.push({ said: 'AC', weight: 2, unmet: (b) => (b.ac === 1 ? null : 'Not AC') });
  const sharing = app.preferredSharing;
  if (sharing !== null)
    wants.push({
      said: `${sharing}-sharing`,
      weight: 1,
      unmet: (b) => (b.sharing === sharing ? null : `${b.sharing}-sharing, not ${sharing}`),
    });
  return wants;
}

/**
 * The free beds the office may offer an applicant (their gender's hostels), those that meet every
 * stated preference first, then those missing fewest, each labelled with what it misses.
 */
export async function bedsForApplication(
  db: Database,
  collegeId: number,
  applicationId: number,
  buildingId?: number,
): Promise<TBedOffer> {
  const app = await repo.application(db, collegeId, applicationId);
  if (!app) throw notFound(HOSTEL_MSG.applicationNotFound);
  if (app.status !== 'PENDING') throw conflict(HOSTEL_MSG.applicationClosed);
  const kind = app.gender.toUpperCase() === 'FEMALE' ? 'GIRLS' : app.gender.toUpperCase() === 'MALE' ? 'BOYS' : null;
  const wants = preferencesOf(app);
  const free = kind ? await repo.freeBeds(db, collegeId, { kind, buildingId }) : [];
  const weighed = free.map((b) => {
    const missed = wants.map((w) => ({ w, why: w.unmet(b) })).filter((m) => m.why !== null);
    const unmet = missed.map((m) => m.why!);
    const bed: TOfferedBed = {
      id: b.id,
      buildingId: b.building_id,
      building: b.building_name,
      floor: b.floor,
      roomNo: b.room_no,
      label: b.label,
      sharing: b.sharing,
      ac: b.ac === 1,
      yearlyFee: b.yearly_fee,
      matches: unmet.length === 0,
      unmet,
    };
    return { bed, weight: missed.reduce((n, m) => n + m.w.weight, 0) };
  });
  // Fewest misses first, the lighter misses first among those; a stable sort keeps the query's
  // building, floor, room and bed order within each.
  weighed.sort((x, y) => x.bed.unmet.length - y.bed.unmet.length || x.weight - y.weight);
  return { preferences: wants.map((w) => w.said), beds: weighed.map((x) => x.bed) };
}
