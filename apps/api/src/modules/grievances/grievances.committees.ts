import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_MSG,
  type TCommittee,
  type TCommitteeMember,
  type TCommitteeSave,
  type TGrievanceCategory,
  type TGrievanceSettings,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './grievances.repo.js';

export const DEFAULT_SETTINGS: TGrievanceSettings = { decisionWorkingDays: 15, appealDays: 15, ombudspersonDays: 30 };

export async function settingsOf(db: Database, collegeId: number): Promise<TGrievanceSettings> {
  const row = await repo.settings(db, collegeId);
  if (!row) return DEFAULT_SETTINGS;
  return { decisionWorkingDays: row.decision_working_days, appealDays: row.appeal_days, ombudspersonDays: row.ombudsperson_days };
}

export async function saveSettings(db: Database, collegeId: number, s: TGrievanceSettings): Promise<TGrievanceSettings> {
  await repo.saveSettings(
    db,
    collegeId,
    { decision_working_days: s.decisionWorkingDays, appeal_days: s.appealDays, ombudsperson_days: s.ombudspersonDays },
    nowIso(),
  );
  return settingsOf(db, collegeId);
}

const isProfessor = (d: string) => /^\s*(dr\.?\s*)?professor\b/i.test(d) || /^\s*prof(\.|essor)?\s*$/i.test(d);
const isSenior = (d: string) => isProfessor(d) || /associate\s+professor/i.test(d);

/**
 * The Students' Grievance Redressal Committee as the UGC Regulations 2023 compose it: a Professor
 * as chair, four Professors or senior faculty members, a student representative as special
 * invitee, and at least one woman and one member from SC, ST or OBC among the chair and members.
 */
export function compositionProblems(
  members: ReadonlyArray<Pick<TCommitteeMember, 'position' | 'designation' | 'gender' | 'socialCategory'>>,
): string[] {
  const problems: string[] = [];
  const chairs = members.filter((m) => m.position === 'chair');
  const faculty = members.filter((m) => m.position !== 'student_invitee');
  if (chairs.length !== 1) problems.push('The committee needs exactly one chair');
  else if (!isProfessor(chairs[0].designation)) problems.push('The chair must be a Professor');
  if (members.filter((m) => m.position === 'member' && isSenior(m.designation)).length < 4) {
    problems.push('Four Professors or senior faculty members are needed as members');
  }
  if (!members.some((m) => m.position === 'student_invitee')) problems.push('A student representative must be a special invitee');
  if (!faculty.some((m) => m.gender === 'FEMALE')) problems.push('At least one member must be a woman');
  if (!faculty.some((m) => ['SC', 'ST', 'OBC'].includes(m.socialCategory)))
    problems.push('At least one member must be from SC, ST or OBC');
  return problems;
}

export async function listCommittees(db: Database, collegeId: number): Promise<TCommittee[]> {
  const [committees, members] = await Promise.all([repo.committees(db, collegeId), repo.committeeMembers(db, collegeId)]);
  return committees.map((c) => {
    const own = members
      .filter((m) => m.committee_id === c.id)
      .map((m) => ({
        id: m.id,
        userId: m.user_id,
        name: m.name,
        position: m.position as TCommitteeMember['position'],
        designation: m.designation,
        gender: m.gender as TCommitteeMember['gender'],
        socialCategory: m.social_category as TCommitteeMember['socialCategory'],
      }));
    const problems = compositionProblems(own);
    return {
      id: c.id,
      name: c.name,
      categories: JSON.parse(c.categories_json) as string[],
      members: own,
      compliant: problems.length === 0,
      problems,
    };
  });
}

/** Creates (no id) or replaces a committee; refuses a composition the regulations do not allow. */
export async function saveCommittee(db: Database, collegeId: number, input: TCommitteeSave, id?: number): Promise<TCommittee> {
  const problems = compositionProblems(input.members);
  if (problems.length) throw badRequest(problems.join('. '), { problems });
  const existing = await listCommittees(db, collegeId);
  if (id !== undefined && !existing.some((c) => c.id === id)) throw notFound('Committee not found');
  for (const category of input.categories) {
    const other = existing.find((c) => c.id !== id && c.categories.includes(category));
    if (other)
      throw badRequest(GRIEVANCE_MSG.categoryTaken(GRIEVANCE_CATEGORY_LABELS[category as TGrievanceCategory], other.name));
  }
  const userIds = [...new Set(input.members.map((m) => m.userId).filter((u): u is number => u != null))];
  if ((await repo.usersExist(db, collegeId, userIds)) !== userIds.length) throw badRequest(GRIEVANCE_MSG.userNotFound);
  const categories = JSON.stringify([...new Set(input.categories)]);
  const savedId = await db.transaction().execute(async (trx) => {
    let committeeId = id;
    if (committeeId === undefined) {
      committeeId = await repo.insertCommittee(trx, {
        college_id: collegeId,
        name: input.name,
        categories_json: categories,
        created_at: nowIso(),
      });
    } else {
      await repo.updateCommittee(trx, collegeId, committeeId, { name: input.name, categories_json: categories });
    }
    await repo.replaceMembers(
      trx,
      collegeId,
      committeeId,
      input.members.map((m) => ({
        college_id: collegeId,
        committee_id: committeeId!,
        user_id: m.userId ?? null,
        name: m.name,
        position: m.position,
        designation: m.designation,
        gender: m.gender,
        social_category: m.socialCategory,
      })),
    );
    return committeeId;
  });
  return (await listCommittees(db, collegeId)).find((c) => c.id === savedId)!;
}

/** The committee a category routes to, or null: then the grievance incharge handles it. */
export async function committeeFor(db: Database, collegeId: number, category: string): Promise<number | null> {
  const committees = await repo.committees(db, collegeId);
  return committees.find((c) => (JSON.parse(c.categories_json) as string[]).includes(category))?.id ?? null;
}
