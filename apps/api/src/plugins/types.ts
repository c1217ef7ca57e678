import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { ExpressLane } from '../lib/express-lanes.js';

/** Who may call a route: anyone, any signed-in user, or users holding one of these roles. */
export type Access = 'public' | 'user' | readonly string[];

export interface RequestCollege {
  id: number;
  code: string;
  name: string;
}

export interface RequestUser {
  id: number;
  username: string;
  roles: string[];
  collegeId: number;
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifySchema {
    /** An upload call's multipart parts (the route reads them itself): documented, not validated. */
    multipart?: unknown;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** the one call a user who must change their password may still make */
    allowBeforePasswordChange?: boolean;
    /** answers before any college exists (health, first-run setup); request.college is then null */
    withoutCollege?: boolean;
  }
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Reads that must not wait behind a write transaction (see db/sqlite/read-db.ts); never write through it. */
    readDb: Database;
    /** Every route with its declared access, collected as routes are added. */
    routeAccess: Array<{ method: string; url: string; access: Access }>;
    /** Every /api/ route with its schemas, collected as routes are added. */
    routeSchemas: Array<{ method: string; url: string; schema: FastifySchema | undefined }>;
    /** Asked before Fastify on every request (lib/express-lanes.ts); a module adds its own. */
    expressLanes: ExpressLane[];
  }
  interface FastifyRequest {
    college: RequestCollege;
    user: RequestUser | null;
  }
}
