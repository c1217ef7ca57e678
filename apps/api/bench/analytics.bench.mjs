// Leadership's analytics on a college of 6,000 students with five years of fees, admissions and
// results: the overview (target p95 300 ms), every analytics call and the office lists a figure
// drills down to (500 ms). In process (app.inject) on a temp database (SQLite, or PostgreSQL with
// BENCH_DATABASE_URL); prints each figure beside its target.
import { inProcessBench } from './kit.mjs';

await inProcessBench('analytics', {
  overview: 300,
  'fees (this financial year)': 500,
  'admissions (2024)': 500,
  'results (2024)': 500,
  'attendance (four weeks)': 500,
  'placements (2025)': 500,
  offices: 500,
  'drill: dues of CSE 2023-2027': 500,
  'drill: collections, a year': 500,
  'drill: day book': 500,
  'drill: admitted to CSE 2024': 500,
  'drill: shortage list': 500,
});
