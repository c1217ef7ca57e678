import {
  ACCOUNTS_MSG,
  type TDemandResult,
  type TFeeHead,
  type TFeeStructure,
  type ZFeeHeadInput,
  type ZFeeStructureInput,
  type ZRaiseDemand,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from './util.js';
import * as repo from './structures.repo.js';

export async function listHeads(db: Database, collegeId: number): Promise<TFeeHead[]> {
  return (await repo.heads(db, collegeId)).map((h) => ({ id: h.id, code: h.code, name: h.name, sortOrder: h.sort_order }));
}

export interface Actor {
  id: number;
  username: string;
}

export async function addHead(
  db: Database,
  collegeId: number,
  body: z.output<typeof ZFeeHeadInput>,
  actor?: Actor,
): Promise<TFeeHead> {
  try {
    const h = await db.transaction().execute(async (trx) => {
      const h = await repo.insertHead(trx, {
        college_id: collegeId,
        code: body.code,
        name: body.name,
        sort_order: body.sortOrder,
      });
      if (actor)
        await audit(trx, { collegeId, actor, action: 'fee-head.create', entity: 'acc_fee_head', entityId: h.id, after: body });
      return h;
    });
    return { id: h.id, code: h.code, name: h.name, sortOrder: h.sort_order };
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ACCOUNTS_MSG.headExists);
    throw e;
  }
}

export async function listStructures(
  db: Database,
  collegeId: number,
  q: { course?: string; batch?: string },
): Promise<TFeeStructure[]> {
  const rows = await repo.structures(db, collegeId, q);
  const lines = await repo.structureLines(
    db,
    collegeId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = lines.filter((l) => l.structure_id === r.id);
    return {
      id: r.id,
      course: r.course,
      batch: r.batch,
      yearOfStudy: r.year_of_study,
      seatType: r.seat_type,
      totalPaise: mine.reduce((s, l) => s + l.amount_paise, 0),
      lines: mine.map((l) => ({ headId: l.head_id, headCode: l.code, headName: l.name, amountPaise: l.amount_paise })),
    };
  });
}

export async function addStructure(
  db: Database,
  collegeId: number,
  body: z.output<typeof ZFeeStructureInput>,
  actor?: Actor,
): Promise<TFeeStructure> {
  const known = await repo.headIds(
    db,
    collegeId,
    body.lines.map((l) => l.headId),
  );
  if (known.length !== body.lines.length) throw badRequest(ACCOUNTS_MSG.headNotFound);
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const { id } = await repo.insertStructure(trx, {
        college_id: collegeId,
        course: body.course,
        batch: body.batch,
        year_of_study: body.yearOfStudy,
        seat_type: body.seatType,
        created_at: nowIso(),
      });
      await repo.insertStructureLines(
        trx,
        body.lines.map((l) => ({ college_id: collegeId, structure_id: id, head_id: l.headId, amount_paise: l.amountPaise })),
      );
      if (actor)
        await audit(trx, {
          collegeId,
          actor,
          action: 'fee-structure.create',
          entity: 'acc_fee_structure',
          entityId: id,
          after: body,
        });
      return id;
    })
    .catch((e) => {
      if (isUniqueViolation(e)) throw conflict(ACCOUNTS_MSG.structureExists);
      throw e;
    });
  return (await listStructures(db, collegeId, { course: body.course, batch: body.batch })).find((s) => s.id === id)!;
}

/**
 * Edits a structure (its key and its heads' amounts) in one transaction, with an audit row of
 * before and after. Demand already raised from it stays as raised: a new amount applies to the
 * demand raised next.
 */
export async function updateStructure(
  db: Database,
  collegeId: number,
  id: number,
  body: z.output<typeof ZFeeStructureInput>,
  actor: Actor,
): Promise<TFeeStructure> {
  const current = (await listStructures(db, collegeId, {})).find((s) => s.id === id);
  if (!current) throw notFound('No such fee structure');
  const known = await repo.headIds(
    db,
    collegeId,
    body.lines.map((l) => l.headId),
  );
  if (known.length !== body.lines.length) throw badRequest(ACCOUNTS_MSG.headNotFound);
  await db
    .transaction()
    .execute(async (trx) => {
      await repo.updateStructure(trx, collegeId, id, {
        course: body.course,
        batch: body.batch,
        year_of_study: body.yearOfStudy,
        seat_type: body.seatType,
      });
      await repo.deleteStructureLines(trx, collegeId, id);
      await repo.insertStructureLines(
        trx,
        body.lines.map((l) => ({ college_id: collegeId, structure_id: id, head_id: l.headId, amount_paise: l.amountPaise })),
      );
      await audit(trx, {
        collegeId,
        actor,
        action: 'fee-structure.update',
        entity: 'acc_fee_structure',
        entityId: id,
        before: {
          course: current.course,
          batch: current.batch,
          yearOfStudy: current.yearOfStudy,
          seatType: current.seatType,
          lines: current.lines.map((l) => ({ headId: l.headId, amountPaise: l.amountPaise })),
        },
        after: body,
      });
    })
    .catch((e) => {
      if (isUniqueViolation(e)) throw conflict(ACCOUNTS_MSG.structureExists);
      throw e;
    });
  return (await listStructures(db, collegeId, { course: body.course, batch: body.batch })).find((s) => s.id === id)!;
}

/** The financial year a batch's year of study falls in: batch '2025-2029', year 2 → '2026-27'. */
export function fyForBatchYear(batch: string, year: number): string {
  const m = /^(\d{4})/.exec(batch);
  if (!m) throw badRequest('The batch must start with its first year, e.g. 2025-2029');
  const start = Number(m[1]) + year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * Raises the demand of a batch's year of study for every student with a matching structure
 * (course, batch, year, seat type). Idempotent: a second run finds every line there and adds none.
 */
export async function raiseDemand(
  db: Database,
  collegeId: number,
  body: z.output<typeof ZRaiseDemand>,
  actor?: Actor,
): Promise<TDemandResult> {
  const fy = fyForBatchYear(body.batch, body.year);
  const preview = await repo.demandPreview(db, collegeId, body.batch, body.year, body.course);
  if (preview.students > 0 && preview.covered === 0) throw badRequest(ACCOUNTS_MSG.noStructure);
  const dueDate = body.dueDate ?? `${fy.slice(0, 4)}-07-31`;
  const raised = await db.transaction().execute(async (trx) => {
    const raised = await repo.raiseDemand(trx, {
      collegeId,
      batch: body.batch,
      year: body.year,
      course: body.course,
      fy,
      dueDate,
      now: nowIso(),
    });
    // Every run is recorded, the ones that raised nothing too (who tried, when, for what).
    if (actor)
      await audit(trx, {
        collegeId,
        actor,
        action: 'demand.raise',
        entity: 'acc_demand',
        entityId: `${body.batch}/${body.year}${body.course ? `/${body.course}` : ''}`,
        after: { batch: body.batch, year: body.year, course: body.course ?? null, fy, dueDate, linesRaised: raised },
      });
    return raised;
  });
  const total = await repo.demandTotal(db, collegeId, fy, body.batch, body.course);
  return {
    fy,
    students: preview.students,
    raised,
    alreadyRaised: total.lines - raised,
    withoutStructure: preview.students - preview.covered,
    totalPaise: total.total,
  };
}
