import crypto from 'node:crypto';
import { formatWholeRupees, PLACEMENT_MAX_FILE_MB, PLACEMENT_MSG, type TOffer, type TOfferCreate } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sniffFileType } from '../../lib/file-type.js';
import type { UploadedFile } from '../../lib/multipart.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { openUpload, storeUpload } from '../../lib/uploads.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import type { PlacementPolicy } from './placements.eligibility.js';
import * as repo from './placements.repo.js';

type OfferRow = Awaited<ReturnType<typeof repo.offerRows>>[number];

export const offerView = (o: OfferRow): TOffer => ({
  id: o.id,
  driveId: o.drive_id,
  company: o.company,
  rollNo: o.roll_no,
  name: o.full_name,
  branch: o.branch,
  ctcRupees: Math.round(o.ctc_paise / 100),
  joiningDate: o.joining_date,
  role: o.role ?? '',
  dream: o.slot === 2,
  hasLetter: o.letter_path !== null,
  createdAt: o.created_at,
  decidedBy: o.decided_by_name ?? '',
});

/**
 * The slot a new offer takes under the college's policy, or why it may not: one offer per
 * student, or (dream policy) a second offer at or above the dream CTC when the first is below it.
 */
export function offerSlot(
  held: readonly number[],
  ctcPaise: number,
  policy: PlacementPolicy,
): { slot: number } | { refused: string } {
  if (held.length === 0) return { slot: 1 };
  if (policy.offerPolicy === 'one') return { refused: PLACEMENT_MSG.onePolicy };
  if (held.length >= 2) return { refused: PLACEMENT_MSG.dreamTaken };
  if (held[0] >= policy.dreamCtcPaise) return { refused: PLACEMENT_MSG.firstIsDream };
  if (ctcPaise < policy.dreamCtcPaise) return { refused: PLACEMENT_MSG.dreamBelow(formatWholeRupees(policy.dreamCtcPaise / 100)) };
  return { slot: 2 };
}

const isUnique = (e: unknown) => {
  const code = (e as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/**
 * Records an offer. The student must have applied and cleared every round of the drive. Two
 * offers for one student at the same moment are decided by the unique (student, slot) index.
 */
export async function createOffer(
  db: Database,
  user: RequestUser,
  input: TOfferCreate,
  policy: PlacementPolicy,
  now: Date,
): Promise<TOffer> {
  const collegeId = user.collegeId;
  const drive = await repo.driveById(db, collegeId, input.driveId);
  if (!drive) throw badRequest(PLACEMENT_MSG.driveNotFound);
  const student = await repo.studentByRoll(db, collegeId, input.rollNo);
  if (!student) throw badRequest(PLACEMENT_MSG.studentNotFound);
  const app = await repo.applicationOf(db, collegeId, drive.id, student.id);
  if (!app || app.status === 'no_show' || app.status === 'rejected') throw badRequest(PLACEMENT_MSG.offerNeedsApplication);
  const rounds = await repo.rounds(db, collegeId, drive.id);
  if (rounds.length) {
    const last = rounds.at(-1)!;
    const results = await repo.roundResults(db, collegeId, drive.id);
    if (!results.some((r) => r.round_id === last.id && r.application_id === app.id && r.result === 'qualified')) {
      throw badRequest(PLACEMENT_MSG.offerNeedsApplication);
    }
  }
  const ctcPaise = (input.ctcRupees ?? Math.round(Number(drive.ctc_paise) / 100)) * 100;
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const held = (await repo.offersOf(trx, collegeId, [student.id])).sort((a, b) => a.slot - b.slot);
      if (held.some((o) => o.drive_id === drive.id)) throw conflict(PLACEMENT_MSG.offerExists);
      const decision = offerSlot(
        held.map((o) => o.ctc_paise),
        ctcPaise,
        policy,
      );
      if ('refused' in decision) throw badRequest(decision.refused);
      const offerId = await repo.insertOffer(trx, {
        college_id: collegeId,
        drive_id: drive.id,
        student_id: student.id,
        slot: decision.slot,
        ctc_paise: ctcPaise,
        joining_date: input.joiningDate,
        role: input.role,
        letter_path: null,
        created_by: user.id,
        created_at: now.toISOString(),
      });
      await repo.setApplicationStatus(trx, collegeId, [app.id], 'selected');
      await audit(trx, {
        collegeId,
        actor: { id: user.id, username: user.username },
        action: 'placement.offer',
        entity: 'placement_offer',
        entityId: offerId,
        after: { driveId: drive.id, rollNo: student.roll_no, role: input.role, ctcPaise, joiningDate: input.joiningDate, slot: decision.slot },
      });
      return offerId;
    })
    .catch((e) => {
      if (isUnique(e)) throw conflict('Another offer for this student was recorded a moment ago; reload and check');
      throw e;
    });
  return offerView((await repo.offerRows(db, collegeId, { id }))[0]);
}

export async function listOffers(db: Database, collegeId: number, batch?: string): Promise<TOffer[]> {
  return (await repo.offerRows(db, collegeId, { batch })).map(offerView);
}

export async function attachLetter(
  db: Database,
  college: RequestCollege,
  offerId: number,
  files: UploadedFile[],
  storage: FileStorage,
): Promise<TOffer> {
  const offer = await repo.offerById(db, college.id, offerId);
  if (!offer) throw notFound(PLACEMENT_MSG.offerNotFound);
  const file = files[0];
  if (!file || sniffFileType(file.buffer) !== 'pdf') throw badRequest(PLACEMENT_MSG.letterPdf);
  if (file.buffer.length > PLACEMENT_MAX_FILE_MB * 1024 * 1024) throw badRequest(PLACEMENT_MSG.fileTooLarge);
  const path = await storeUpload(
    storage,
    college.code,
    'placements',
    `offer-${offerId}-${crypto.randomUUID()}.pdf`,
    file.buffer,
  );
  await repo.setOfferLetter(db, college.id, offerId, path);
  return offerView((await repo.offerRows(db, college.id, { id: offerId }))[0]);
}

/** The letter, for the dean or the student it was made to. */
export async function letterFile(db: Database, collegeId: number, offerId: number, storage: FileStorage, studentId: number | null) {
  const offer = await repo.offerById(db, collegeId, offerId);
  if (!offer || !offer.letter_path || (studentId !== null && offer.student_id !== studentId))
    throw notFound(PLACEMENT_MSG.offerNotFound);
  const data = await openUpload(storage, offer.letter_path);
  if (!data) throw notFound(PLACEMENT_MSG.offerNotFound);
  return data;
}
