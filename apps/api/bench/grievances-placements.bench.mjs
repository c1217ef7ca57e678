// Grievances and placements: the eligibility list of a 2,000-student batch, the incharge's list
// and report over 5,000 grievances, lodging, and a student's drive list. In process (app.inject)
// on a temp database (SQLite, or PostgreSQL with BENCH_DATABASE_URL); prints each figure beside its target.
import { inProcessBench } from './kit.mjs';

await inProcessBench('grievances-placements', {
  'eligibility, 2,000 students': 1000,
  'grievance list, 5,017 rows, page 1': 50,
  'grievance list, overdue filter': 50,
  'grievance report, 5,017 rows': 300,
  'lodge a grievance': 30,
  'student drive list': 100,
});
