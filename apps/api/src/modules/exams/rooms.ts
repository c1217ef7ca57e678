import { EXAM_HALL_MSG, ZExamRoomInput, ZExamRoomUpdate, type TExamRoom } from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './halls.repo.js';

/** Exam rooms: a name, a block and a layout of rows × columns (capacity = rows × cols); retired, never deleted (plans name them). */

export const toRoom = (r: repo.RoomRow): TExamRoom => ({
  id: r.id,
  name: r.name,
  block: r.block,
  rows: r.rows,
  cols: r.cols,
  capacity: r.rows * r.cols,
  retired: Boolean(r.retired),
});

export async function listRooms(db: Database, collegeId: number, includeRetired: boolean): Promise<TExamRoom[]> {
  return (await repo.rooms(db, collegeId, includeRetired)).map(toRoom);
}

async function nameFree(db: Database, collegeId: number, name: string, self?: number) {
  const other = await repo.roomByName(db, collegeId, name);
  if (other && other.id !== self) throw conflict(EXAM_HALL_MSG.roomTaken(name));
}

export async function createRoom(db: Database, user: RequestUser, input: z.output<typeof ZExamRoomInput>) {
  await nameFree(db, user.collegeId, input.name);
  try {
    const id = await repo.insertRoom(db, {
      college_id: user.collegeId,
      name: input.name,
      block: input.block,
      rows: input.rows,
      cols: input.cols,
      retired: 0,
    });
    return { message: `Room ${input.name} added: ${input.rows * input.cols} seats`, id };
  } catch (e) {
    // two clerks adding the same name at once
    if (isUniqueViolation(e)) throw conflict(EXAM_HALL_MSG.roomTaken(input.name));
    throw e;
  }
}

export async function updateRoom(db: Database, user: RequestUser, id: number, input: z.output<typeof ZExamRoomUpdate>) {
  const room = await repo.roomOf(db, user.collegeId, id);
  if (!room) throw notFound(EXAM_HALL_MSG.roomNotFound);
  await nameFree(db, user.collegeId, input.name, id);
  // a plan already seats students there: the room may not shrink under them
  if (
    (input.rows < room.rows || input.cols < room.cols) &&
    (await repo.seatsBeyond(db, user.collegeId, id, input.rows, input.cols))
  )
    throw conflict(EXAM_HALL_MSG.shrinkPlanned(room.name));
  try {
    await repo.updateRoom(db, user.collegeId, id, {
      name: input.name,
      block: input.block,
      rows: input.rows,
      cols: input.cols,
      retired: input.retired ? 1 : 0,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(EXAM_HALL_MSG.roomTaken(input.name));
    throw e;
  }
  return {
    message: input.retired ? `Room ${input.name} retired` : `Room ${input.name} saved: ${input.rows * input.cols} seats`,
    id,
  };
}
