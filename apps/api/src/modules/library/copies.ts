import { z } from 'zod';
import { LIBRARY_MSG, ZCopiesInput, ZCopyUpdate, type TCopyHistory, type TCopyUpdated } from '@erp/shared';
import { nowIso, type Database } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { nextCounter } from '../../lib/counters.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { copyView } from './catalogue.js';
import { markLost } from './circulation.js';
import { routeToHold } from './holds.js';
import * as catalogueRepo from './catalogue.repo.js';
import * as circulationRepo from './circulation.repo.js';
import * as copiesRepo from './copies.repo.js';
import type { Db } from '../../db/index.js';
import { loanViews } from './views.js';

/** Copies: added to a title (accession numbers), their history, and the desk's edits (shelf, price, vendor, status). */

const STATUS_DONE: Record<string, string> = {
  available: 'is back on the shelf',
  in_transit: 'is in transit',
  damaged: 'is marked damaged: not for loan until it is back on the shelf',
  withdrawn: 'is withdrawn: it no longer counts in the catalogue or the OPAC',
  lost: 'is marked lost (it was not on loan: nobody is charged)',
};

/**
 * The desk edits a copy: shelf, price, vendor, or its status (sent in transit for binding or a
 * transfer and received back; damaged, withdrawn, lost). A status change leaves an audit row;
 * a copy received back goes to the first patron waiting for its title. A copy on loan is never
 * withdrawn; marked lost, its loan closes and the borrower is charged by the lost-copy rule
 * (circulation's markLost), as at the desk.
 */
export async function editCopy(
  db: Db,
  user: RequestUser,
  id: number,
  input: z.infer<typeof ZCopyUpdate>,
  ip = '',
): Promise<TCopyUpdated> {
  const collegeId = user.collegeId;
  const copy = await copiesRepo.copyById(db, collegeId, id);
  if (!copy) throw notFound(LIBRARY_MSG.copyNotFound);
  const changing = input.status !== undefined && input.status !== copy.status;
  if (changing && copy.status === 'on_loan') {
    if (input.status === 'withdrawn') throw badRequest(LIBRARY_MSG.withdrawOnLoan);
    if (input.status === 'lost') return lostOnLoan(db, user, copy, input, ip);
  }
  if (changing && ['on_loan', 'on_hold_shelf'].includes(copy.status)) {
    throw badRequest(
      `The copy is ${copy.status === 'on_loan' ? 'on loan: return it' : 'on the hold shelf: cancel the hold'} before changing its status`,
    );
  }
  if (changing && input.status === 'in_transit' && !['available', 'damaged'].includes(copy.status))
    throw badRequest(LIBRARY_MSG.transitNeedsShelf);
  const set = {
    ...(input.shelfLocation !== undefined && { shelf_location: input.shelfLocation }),
    ...(input.price !== undefined && { price: input.price }),
    ...(input.vendor !== undefined && { vendor: input.vendor }),
    ...(input.status !== undefined && { status: input.status }),
  };
  const hold = await (db as Database).transaction().execute(async (trx) => {
    const moved = changing
      ? await copiesRepo.moveCopy(trx, collegeId, id, [{ status: copy.status }], { status: input.status!, hold_id: null })
      : true;
    if (!moved) throw conflict('The copy changed at another desk a moment ago: look again');
    await copiesRepo.updateCopy(trx, collegeId, id, set);
    const routed =
      changing && input.status === 'available' ? await routeToHold(trx, collegeId, id, copy.title_id, copy.item_type) : null;
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      ip,
      action: changing ? 'library.copy.status' : 'library.copy.edit',
      entity: 'library_copy',
      entityId: copy.accession_no,
      before: {
        status: copy.status,
        shelfLocation: copy.shelf_location,
        price: copy.price,
        vendor: copy.vendor,
      },
      after: { ...input, ...(routed && { holdFor: routed.patron_code }) },
    });
    return routed;
  });
  const done = !changing
    ? 'is saved'
    : hold
      ? `is on the hold shelf for ${hold.patron_code}, the first patron waiting`
      : STATUS_DONE[input.status!];
  return { ...copyView((await copiesRepo.copyById(db, collegeId, id))!), message: `Copy ${copy.accession_no} ${done}` };
}

/** A copy on loan marked lost from the catalogue: the desk's "lost" on its open loan, which charges the borrower. */
async function lostOnLoan(
  db: Db,
  user: RequestUser,
  copy: NonNullable<Awaited<ReturnType<typeof copiesRepo.copyById>>>,
  input: z.infer<typeof ZCopyUpdate>,
  ip: string,
): Promise<TCopyUpdated> {
  // The borrower pays the price as it stands: a new price (or shelf, vendor) is a separate edit.
  if ([input.shelfLocation, input.price, input.vendor].some((v) => v !== undefined))
    throw badRequest('Mark a copy on loan lost on its own: change its shelf, price or vendor in a separate edit');
  const loan = await circulationRepo.openLoanOfCopy(db, user.collegeId, copy.id);
  if (!loan) throw conflict('The copy changed at another desk a moment ago: look again');
  const lost = await markLost(db, user, loan.id, ip, input.note);
  const borrower = lost.loan.patronName ? `${lost.loan.patronName} (${lost.loan.patron})` : lost.loan.patron;
  return {
    ...copyView((await copiesRepo.copyById(db, user.collegeId, copy.id))!),
    message: `Copy ${copy.accession_no} was on loan to ${borrower}. ${lost.message}`,
  };
}

/** Accession numbers the library allocates: six digits, from a per-college counter. */
export const accessionFor = (n: number) => String(n).padStart(6, '0');

/** Adds copies (a batch numbered from the counter, or one copy with a given accession number), in one transaction. */
export async function addCopies(db: Db, collegeId: number, titleId: number, input: z.input<typeof ZCopiesInput>) {
  const c = ZCopiesInput.parse(input);
  const title = await catalogueRepo.titleById(db, collegeId, titleId);
  if (!title) throw notFound(LIBRARY_MSG.titleNotFound);
  const rows = await db.transaction().execute(async (trx) => {
    let accessions: string[];
    if (c.accessionNo) {
      accessions = [c.accessionNo.toUpperCase()];
      if ((await copiesRepo.existingAccessions(trx, collegeId, accessions)).size) throw conflict(LIBRARY_MSG.duplicateAccession);
    } else {
      // Skip numbers an import already used; the counter only moves forward.
      accessions = [];
      while (accessions.length < c.count) {
        const need = c.count - accessions.length;
        const last = await nextCounter(trx, collegeId, 'library_accession', need);
        const batch = Array.from({ length: need }, (_, i) => accessionFor(last - need + 1 + i));
        const taken = await copiesRepo.existingAccessions(trx, collegeId, batch);
        accessions.push(...batch.filter((a) => !taken.has(a)));
      }
    }
    const now = nowIso();
    try {
      return await copiesRepo.insertCopies(
        trx,
        accessions.map((a) => ({
          college_id: collegeId,
          title_id: titleId,
          accession_no: a,
          shelf_location: c.shelfLocation,
          status: 'available',
          hold_id: null,
          price: c.price,
          vendor: c.vendor,
          acquired_on: c.acquiredOn || now.slice(0, 10),
          created_at: now,
        })),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(LIBRARY_MSG.duplicateAccession);
      throw e;
    }
  });
  const n = rows.length;
  return {
    copies: rows.map(copyView),
    message:
      n === 1
        ? `Copy ${rows[0].accession_no} added`
        : `${n} copies added: ${rows[0].accession_no} to ${rows[n - 1].accession_no}`,
  };
}

export async function copyHistory(db: Db, collegeId: number, accessionNo: string): Promise<TCopyHistory> {
  const copy = await copiesRepo.copyByAccession(db, collegeId, accessionNo.trim().toUpperCase());
  if (!copy) throw notFound(LIBRARY_MSG.copyNotFound);
  const open = await circulationRepo.openLoanOfCopy(db, collegeId, copy.id);
  const loans = await circulationRepo.loansOfCopy(db, collegeId, copy.id, 200);
  return {
    copy: copyView({ ...copy, due_on: open?.due_on ?? null }),
    title: copy.title,
    loans: await loanViews(db, collegeId, loans),
  };
}
