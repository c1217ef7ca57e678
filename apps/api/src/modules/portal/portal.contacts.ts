import type { Database } from '../../db/index.js';
import * as repo from './portal.repo.js';

/** What a parent is told only while the student shows it to them (and the college allows hiding). */
const HIDEABLE = { 'attendance-low': 'hide_attendance', 'results-published': 'hide_marks' } as const;

/**
 * The parents a notification about a student also reaches: every linked parent login, less those
 * the student hid this kind of news from. Kept apart from portal.service so the notifications
 * module can use it without importing the modules the portal reads.
 */
export async function parentContacts(db: Database, collegeId: number, studentId: number, kind?: string) {
  const hideColumn = kind && kind in HIDEABLE ? HIDEABLE[kind as keyof typeof HIDEABLE] : null;
  if (hideColumn) {
    const [settings, [privacy]] = await Promise.all([repo.settingsOf(db, collegeId), repo.privacyOf(db, collegeId, [studentId])]);
    if (settings?.lock_privacy !== 1 && privacy?.[hideColumn] === 1) return [];
  }
  const parents = await repo.parentLoginsOf(db, collegeId, studentId);
  return parents.filter((p) => p.email).map((p) => ({ userId: p.id, email: p.email, name: p.full_name, relation: 'parent' }));
}
