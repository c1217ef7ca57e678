import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.js';
import { V1 } from '../../lib/bases.js';
import type { ExpressLane } from '../../lib/express-lanes.js';
import { API_SECURITY_HEADERS } from '../../plugins/security-headers.js';
import { lookupResponse, lookupVariant, type LookupVariant } from './results.answer.js';
import { versionNow, type Lookup } from './results.lookup.js';

const PREFIX = `${V1}/getExamResultByRollNoView?`;
const MAX_ADDRESSES_PER_COLLEGE = 50_000;

/** One form of an answer as the lane writes it: the route's headers with what its hooks add. */
interface Wire {
  status: number;
  headers: OutgoingHttpHeaders;
  body?: string | Buffer;
}

/** An answer as kept for an address, with the forms of it sent so far (the same for every ask). */
interface Kept {
  answer: Lookup;
  wires: Partial<Record<LookupVariant, Wire>>;
}

/**
 * The addresses the route has answered, per college, under one results version: the same address
 * is the same answer until the results change, like a static file's. The lane then needs neither
 * to parse nor to validate the query; an address it has not seen goes to the route.
 */
type Asked = Map<number, { version: number; byAddress: Map<string, Kept> }>;
const askedIn = new WeakMap<Database, Asked>();

function askedOf(db: Database): Asked {
  let asked = askedIn.get(db);
  if (!asked) askedIn.set(db, (asked = new Map()));
  return asked;
}

/** Called by the route for each answer it sends from `db` (the lane's database). */
export function rememberAsked(db: Database, collegeId: number, url: string, answer: Lookup) {
  if (!url.startsWith(PREFIX)) return;
  const asked = askedOf(db);
  let entry = asked.get(collegeId);
  if (!entry || entry.version < answer.version) asked.set(collegeId, (entry = { version: answer.version, byAddress: new Map() }));
  if (entry.version !== answer.version) return; // built under an older version, while a newer one was read
  const byAddress = entry.byAddress;
  if (byAddress.size >= MAX_ADDRESSES_PER_COLLEGE && !byAddress.has(url)) byAddress.delete(byAddress.keys().next().value!);
  if (byAddress.get(url)?.answer !== answer) byAddress.set(url, { answer, wires: {} });
}

function toWire(answer: Lookup, variant: LookupVariant): Wire {
  const out = lookupResponse(answer, variant);
  const headers: OutgoingHttpHeaders = { ...API_SECURITY_HEADERS, ...out.headers };
  if (out.body !== undefined) headers['content-length'] = Buffer.byteLength(out.body);
  return { status: out.status, headers, body: out.body };
}

/**
 * Results day's repeats of the public lookup, answered before Fastify: an address the route has
 * answered under the college's current results version gets the route's exact headers and bytes,
 * at about the cost of a bare route (the framework's hooks, validation and reply cost as much
 * again as the answer). Everything else (a first ask, a bad query, a cross-origin or proxied ask
 * whose headers Fastify's hooks would change, a server logging each request) goes to the route.
 */
export function lookupLane(app: FastifyInstance): ExpressLane {
  const read = app.readDb;
  const asked = askedOf(read);
  const cors = app.config.CORS_ORIGINS.length > 0;
  const proxied = app.config.TRUSTED_PROXIES.length > 0;
  // Request lines are Fastify's to write: a server that logs each request keeps the route.
  if (['trace', 'debug', 'info'].includes(app.log.level)) return () => false;
  return (req, res) => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith(PREFIX)) return false;
    const h = req.headers;
    if (!h.host || h['content-length'] || h['transfer-encoding']) return false;
    if ((cors && h.origin) || (proxied && (h['x-forwarded-host'] || h['x-forwarded-for']))) return false;
    const college = app.colleges.resolved(h.host);
    if (!college) return false;
    const entry = asked.get(college.id);
    // the version read within the last second, as the route's own cache uses it (results.lookup.ts)
    if (!entry || versionNow(read, college.id) !== entry.version) return false;
    const kept = entry.byAddress.get(url);
    if (!kept) return false;
    const variant = lookupVariant(kept.answer, h['accept-encoding'], h['if-none-match']);
    const wire = (kept.wires[variant] ??= toWire(kept.answer, variant));
    res.writeHead(wire.status, wire.headers);
    res.end(wire.body);
    return true;
  };
}
