import { EXAM_CELL_ROLES } from '@erp/shared';
import type { Database } from '../../../db/index.js';
import type { RequestUser } from '../../../plugins/types.js';
import { staffOf } from '../../masters/index.js';
import { allocations } from '../../timetable/index.js';

/**
 * Who may touch a section's internal marks: the exam cell every section; a teacher the subject and
 * sections they are allocated; a HoD also every allocation of their department (to read and lock).
 */
export interface Marker {
  id: number;
  username: string;
  cell: boolean;
  teaches: Set<string>;
  heads: Set<string>;
}

export const pairKey = (subjectId: number, sectionId: number) => `${subjectId}:${sectionId}`;

export async function markerOf(db: Database, user: RequestUser): Promise<Marker> {
  const cell = user.roles.some((r) => (EXAM_CELL_ROLES as string[]).includes(r));
  const base = { id: user.id, username: user.username, cell, teaches: new Set<string>(), heads: new Set<string>() };
  if (cell) return base;
  const staff = await staffOf(db, user);
  for (const a of await allocations(db, staff, { mine: 'true' })) base.teaches.add(pairKey(a.subjectId, a.sectionId));
  if (staff.isHod) for (const a of await allocations(db, staff, {})) base.heads.add(pairKey(a.subjectId, a.sectionId));
  return base;
}

export const mayRead = (m: Marker, subjectId: number, sectionId: number) =>
  m.cell || m.teaches.has(pairKey(subjectId, sectionId)) || m.heads.has(pairKey(subjectId, sectionId));
export const mayEnter = (m: Marker, subjectId: number, sectionId: number) =>
  m.cell || m.teaches.has(pairKey(subjectId, sectionId));
export const mayLock = (m: Marker, subjectId: number, sectionId: number) => m.cell || m.heads.has(pairKey(subjectId, sectionId));
