import { DEFAULT_ADMISSION_TYPES, type TAdmissionSettings } from '@erp/shared';
import type { Database } from '../../db/index.js';
import * as repo from './lookups.repo.js';

export type AdmissionSettings = Omit<TAdmissionSettings, 'collegeCode'>;

export async function admissionSettings(db: Database, collegeId: number): Promise<AdmissionSettings> {
  const s = await repo.collegeSettings(db, collegeId);
  return { feePackage: s.feePackage === true, admissionTypesFromSeatTypes: s.admissionTypesFromSeatTypes === true };
}

/** Direct, Lateral, Transfer; or the seat types for the colleges configured so (spec section 9). */
export async function admissionTypes(db: Database, collegeId: number): Promise<string[]> {
  const settings = await admissionSettings(db, collegeId);
  if (!settings.admissionTypesFromSeatTypes) return [...DEFAULT_ADMISSION_TYPES];
  return (await repo.seatTypes(db, collegeId)).map((s) => s.name);
}

export const seatTypes = async (db: Database, collegeId: number) =>
  (await repo.seatTypes(db, collegeId)).map((s) => ({ seatTypeId: s.id, seatType: s.name }));

/** 'label,value' strings, as the legacy dropdown expects. */
export const seatTypesAsDrop = async (db: Database, collegeId: number) =>
  (await repo.seatTypes(db, collegeId)).map((s) => `${s.name},${s.id}`);

export const degreesByLevel = async (db: Database, collegeId: number, level?: string) =>
  (await repo.courses(db, collegeId, level)).map((c) => c.name);

export const courses = async (db: Database, collegeId: number) =>
  (await repo.courses(db, collegeId)).map((c) => ({ courseId: c.id, courseName: c.name, level: c.level }));

export interface Catalog {
  admissionTypes: Set<string>;
  /** course name → its batches and branches */
  courses: Map<string, { batches: Set<string>; branches: Set<string>; level: string }>;
}

/** What an admission may name, loaded once per save or upload. */
export async function admissionCatalog(db: Database, collegeId: number): Promise<Catalog> {
  const [types, structure] = await Promise.all([admissionTypes(db, collegeId), repo.academicStructure(db, collegeId)]);
  const byId = new Map(
    structure.courseRows.map((c) => [
      c.id,
      { name: c.name, level: c.level, batches: new Set<string>(), branches: new Set<string>() },
    ]),
  );
  for (const b of structure.batchRows) byId.get(b.course_id)?.batches.add(b.name);
  for (const b of structure.branchRows) byId.get(b.course_id)?.branches.add(b.short_name);
  return {
    admissionTypes: new Set(types),
    courses: new Map([...byId.values()].map((c) => [c.name, c])),
  };
}

/** The academic structure and admission dropdowns, read as they are stored. */
export { agents, batches, branches, castes, keyValues, semesters, subCastes } from './lookups.repo.js';
