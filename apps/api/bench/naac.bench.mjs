// NAAC and NIRF: the five-year NAAC metrics (target 3 s), one metric's evidence, the five-year
// export and the NIRF data over a large college's five years. In process (app.inject) on a temp
// database (SQLite, or PostgreSQL with BENCH_DATABASE_URL); prints each figure beside its target.
import { inProcessBench } from './kit.mjs';

await inProcessBench('naac', {
  'NAAC metrics, five years': 3000,
  'NAAC evidence, 2.2.1': 3000,
  'NAAC export, five years': 10000,
  'NIRF data': 3000,
});
