import type { FastifyInstance } from 'fastify';
import {
  EVALUATOR_ROLES,
  EXAM_CELL_ROLES,
  EXAM_CONDONE_ROLES,
  INTERNAL_LOCK_ROLES,
  INTERNAL_MARKS_ROLES,
  ROLES,
  examResultsEndpoints as api,
} from '@erp/shared';
import { route } from '../../../lib/endpoint-route.js';
import { forbidden } from '../../../lib/errors.js';
import { requireUser } from '../../../plugins/auth.js';
import * as examsRepo from '../exams.repo.js';
import { addGraceRule, graceRules } from './grace.js';
import { internalSections, internalSheet, lockInternal, moderate, saveInternal } from './internal.js';
import { externalSheet, saveExternal } from './external.js';
import { markerOf } from './markers.js';
import { processResults } from './process.js';
import { examResults, publish } from './publish.js';
import { decideReval, requestReval, revalList } from './revaluation.js';
import { getRules, saveRevalSettings, saveRules } from './rules.js';
import { decode } from './steps.js';

/** The exam cell after the exam: marks, decoding, processing with grace, publication, revaluation. */
export default async function examGradingRoutes(app: FastifyInstance) {
  const cell = { access: EXAM_CELL_ROLES };
  const user = (req: { user: unknown }) => requireUser(req.user as never);
  const marker = (req: { user: unknown }) => markerOf(app.db, user(req));

  route(app, api.rules, { access: [...EXAM_CELL_ROLES, ...EXAM_CONDONE_ROLES] }, async (req) =>
    getRules(app.db, req.college.id, req.params.id),
  );
  route(app, api.saveRules, cell, async (req) => saveRules(app.db, req.college.id, user(req), req.params.id, req.body));
  route(app, api.revalSettings, cell, async (req) => saveRevalSettings(app.db, req.college.id, req.params.id, req.body));

  route(app, api.internalSections, { access: INTERNAL_MARKS_ROLES }, async (req) =>
    internalSections(app.db, req.college.id, await marker(req), req.params.id),
  );
  route(app, api.internal, { access: INTERNAL_MARKS_ROLES }, async (req) =>
    internalSheet(app.db, req.college.id, await marker(req), req.params.id, req.query.paperId, req.query.sectionId),
  );
  route(app, api.saveInternal, { access: INTERNAL_MARKS_ROLES }, async (req) =>
    saveInternal(app.db, req.college.id, await marker(req), req.params.id, req.body),
  );
  route(app, api.lockInternal, { access: INTERNAL_LOCK_ROLES }, async (req) =>
    lockInternal(app.db, req.college.id, await marker(req), req.params.id, req.body.paperId, req.body.sectionId),
  );
  route(app, api.moderate, cell, async (req) => moderate(app.db, req.college.id, await marker(req), req.params.id, req.body));
  route(app, api.external, { access: EVALUATOR_ROLES }, async (req) =>
    externalSheet(app.db, req.college.id, await marker(req), req.params.id, req.query),
  );
  route(app, api.saveExternal, { access: EVALUATOR_ROLES }, async (req) =>
    saveExternal(app.db, req.college.id, await marker(req), req.params.id, req.body),
  );

  route(app, api.decode, cell, async (req) => decode(app.db, req.college.id, user(req), req.params.id));
  route(app, api.process, cell, async (req) => processResults(app.db, req.college.id, user(req), req.params.id));
  route(app, api.results, { access: [...EXAM_CELL_ROLES, ...EXAM_CONDONE_ROLES, ROLES.STUDENT] }, async (req) => {
    const u = user(req);
    if (!u.roles.some((r) => [...EXAM_CELL_ROLES, ...EXAM_CONDONE_ROLES].includes(r as never))) {
      const self = await examsRepo.studentOfUser(app.db, req.college.id, u.id);
      if (!self) throw forbidden('This login is not linked to a student record');
      return examResults(app.db, req.college.id, req.params.id, req.query, self.id);
    }
    return examResults(app.db, req.college.id, req.params.id, req.query);
  });
  route(app, api.publish, cell, async (req) => publish(app.db, req.college.id, user(req), req.params.id));

  route(app, api.graceRules, { access: [...EXAM_CELL_ROLES, ...EXAM_CONDONE_ROLES] }, async (req) =>
    graceRules(app.db, req.college.id),
  );
  route(app, api.addGraceRule, cell, async (req) => addGraceRule(app.db, req.college.id, user(req), req.body));

  route(app, api.requestReval, { access: [...EXAM_CELL_ROLES, ROLES.STUDENT] }, async (req) =>
    requestReval(app.db, req.college.id, user(req), req.body),
  );
  route(app, api.revalRequests, { access: [...EVALUATOR_ROLES, ROLES.STUDENT] }, async (req) =>
    revalList(app.db, req.college.id, user(req), req.query),
  );
  route(app, api.revalOutcome, { access: EVALUATOR_ROLES }, async (req) =>
    decideReval(app.db, req.college.id, user(req), req.params.id, req.body.marks),
  );
}
