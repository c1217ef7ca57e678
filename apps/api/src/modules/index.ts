import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/health.routes.js';
import authRoutes from './auth/auth.routes.js';
import collegeRoutes from './college/college.routes.js';
import lookupsRoutes from './lookups/lookups.routes.js';
import admissionsRoutes from './admissions/admissions.routes.js';
import resultsRoutes from './results/results.routes.js';
import paymentsRoutes from './payments/payments.routes.js';
import alumniRoutes from './alumni/alumni.routes.js';
import loginsRoutes from './logins/logins.routes.js';
import registrationsRoutes from './registrations/registrations.routes.js';
import facultyRoutes from './faculty/faculty.routes.js';
import achievementsRoutes from './achievements/achievements.routes.js';

/** Every feature's routes, listed by hand so anyone can see what exists. */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(collegeRoutes);
  await app.register(lookupsRoutes);
  await app.register(admissionsRoutes);
  await app.register(resultsRoutes);
  await app.register(paymentsRoutes);
  await app.register(alumniRoutes);
  await app.register(loginsRoutes);
  await app.register(registrationsRoutes);
  await app.register(facultyRoutes);
  await app.register(achievementsRoutes);
}
