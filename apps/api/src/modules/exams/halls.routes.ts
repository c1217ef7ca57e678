import type { FastifyInstance } from 'fastify';
import { EXAM_CELL_ROLES, examHallsEndpoints as halls } from '@erp/shared';
import { contentDisposition } from '../../lib/downloads.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import { clashesOf } from './clashes.js';
import * as rooms from './rooms.js';
import * as seating from './seating.js';
import * as timetable from './timetable.js';

/** The exam cell's halls: timetable and clashes, exam rooms, seating plans and room sheets. */
export default async function examHallsRoutes(app: FastifyInstance) {
  const cell = { access: EXAM_CELL_ROLES };
  const collegeOf = (req: { user: Parameters<typeof requireUser>[0] }) => requireUser(req.user).collegeId;

  route(app, halls.timetable, cell, async (req) => timetable.timetableOf(app.db, collegeOf(req), req.params.id));
  route(app, halls.saveTimetable, cell, async (req) =>
    timetable.saveTimetable(app.db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, halls.proposeTimetable, cell, async (req) =>
    timetable.proposeTimetable(app.db, requireUser(req.user), req.params.id, req.body),
  );
  route(app, halls.clashes, cell, async (req) => clashesOf(app.db, collegeOf(req), req.params.id));

  route(app, halls.rooms, cell, async (req) => rooms.listRooms(app.db, collegeOf(req), req.query.includeRetired === 'true'));
  route(app, halls.createRoom, cell, async (req) => rooms.createRoom(app.db, requireUser(req.user), req.body));
  route(app, halls.updateRoom, cell, async (req) => rooms.updateRoom(app.db, requireUser(req.user), req.params.id, req.body));

  route(app, halls.planSeating, cell, async (req) => seating.planSession(app.db, requireUser(req.user), req.params.id, req.body));
  route(app, halls.seating, cell, async (req) =>
    seating.seatingOf(app.db, collegeOf(req), req.params.id, req.query.date, req.query.session),
  );
  route(app, halls.roomPdf, cell, async (req, reply) => {
    const college = { id: collegeOf(req), name: req.college.name };
    const { pdf, name } = await seating.roomPdfFor(
      app.db,
      college,
      req.params.id,
      req.params.roomId,
      req.query.date,
      req.query.session,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', `${name}.pdf`))
      .send(pdf);
  });
}
