import fp from 'fastify-plugin';
import { SETUP_MSG } from '@erp/shared';
import { AppError } from '../lib/errors.js';
import type { Database } from '../db/index.js';
import { collegeByDomain, defaultCollege } from '../modules/college/index.js';
import type { RequestCollege } from './types.js';

const normalizeHost = (hostname: string) => hostname.toLowerCase().replace(/:\d+$/, '');

/** The database holds no college yet (first run), or none with COLLEGE_CODE. */
export class NoCollegeError extends Error {
  constructor(readonly code: string | undefined) {
    super(code ? `No college with code ${code} (COLLEGE_CODE)` : SETUP_MSG.required);
  }
}

/** Resolves the request's college once, from its host name, falling back to the default college. */
export class CollegeResolver {
  private byDomain = new Map<string, RequestCollege | null>();
  /** the same, by the Host header as it came (no lower-casing or port to strip on a repeat) */
  private byHostHeader = new Map<string, RequestCollege>();
  private fallback: RequestCollege | null = null;

  constructor(
    private db: Database,
    private defaultCode: string | undefined,
  ) {}

  clear() {
    this.byDomain.clear();
    this.byHostHeader.clear();
    this.fallback = null;
  }

  async resolve(hostname: string): Promise<RequestCollege> {
    return (await this.findByDomain(hostname)) ?? (await this.defaultCollege());
  }

  /** The college for a host name already seen, without waiting; undefined when it must be read. */
  resolved(hostname: string): RequestCollege | undefined {
    const seen = this.byHostHeader.get(hostname);
    if (seen) return seen;
    const domain = this.byDomain.get(normalizeHost(hostname));
    const college = domain ?? (domain === null ? this.fallback : null);
    if (!college) return undefined;
    if (this.byHostHeader.size < 10_000) this.byHostHeader.set(hostname, college);
    return college;
  }

  /** The college mapped to this host name, or null when the host is not in the domain table. */
  async findByDomain(hostname: string): Promise<RequestCollege | null> {
    const domain = normalizeHost(hostname);
    let college = this.byDomain.get(domain);
    if (college === undefined) {
      const row = await collegeByDomain(this.db, domain);
      college = row ?? null;
      if (this.byDomain.size < 10_000) this.byDomain.set(domain, college);
    }
    return college;
  }

  private async defaultCollege(): Promise<RequestCollege> {
    if (this.fallback) return this.fallback;
    const row = await defaultCollege(this.db, this.defaultCode);
    if (!row) throw new NoCollegeError(this.defaultCode);
    this.fallback = row;
    return row;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    colleges: CollegeResolver;
  }
}

export const collegePlugin = fp(async (app) => {
  app.decorate('colleges', new CollegeResolver(app.db, app.config.COLLEGE_CODE));
  app.decorateRequest('college', null as unknown as RequestCollege);
  // A callback hook: after a host's first request the college is known and nothing need wait.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const known = app.colleges.resolved(request.hostname);
    if (known) {
      request.college = known;
      return done();
    }
    app.colleges.resolve(request.hostname).then(
      (college) => {
        request.college = college;
        done();
      },
      (e) => {
        if (!(e instanceof NoCollegeError)) return done(e);
        if (request.routeOptions.config.withoutCollege) return done();
        done(new AppError(503, e.message, { setupRequired: !e.code }));
      },
    );
  });
});
