import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.js';
import { V1 } from '../../lib/bases.js';
import type { ExpressLane } from '../../lib/express-lanes.js';
import { API_SECURITY_HEADERS } from '../../plugins/security-headers.js';
import { lookupResponse, lookupVariant, proxyExpiry, type LookupResponse, type LookupVariant } from './results.answer.js';
import { versionNow, versionReadThisSecond, type Lookup } from './results.lookup.js';

const PREFIX = `${V1}/getExamResultByRollNoView?`;
const MAX_ADDRESSES_PER_COLLEGE = 50_000;

/** An answer as kept for an address, with the forms of it sent so far (the same for every ask). */
interface Kept {
  answer: Lookup;
  /** each form as the lane writes it: the route's headers with what its hooks add */
  wires: Partial<Record<LookupVariant, LookupResponse>>;
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

function toWire(answer: Lookup, variant: LookupVariant): LookupResponse {
  const out = lookupResponse(answer, variant);
  const headers = { ...API_SECURITY_HEADERS, ...out.headers };
  if (out.body !== undefined) headers['content-length'] = Buffer.byteLength(out.body);
  return { ...out, headers };
}

/**
 * Results day's repeats of the public lookup, answered before Fastify: an address the route has
 * answered under the college's current results version gets the route's exact headers and bytes,
 * at about the cost of a bare route (the framework's hooks, validation and reply cost as much
 * again as the answer). A first ask or a bad query goes to the route, as does whatever no lane may
 * take (lanesMayAnswer in lib/express-lanes.ts).
 */
export function lookupLane(app: FastifyInstance): ExpressLane {
  const read = app.readDb;
  const asked = askedOf(read);
  return (req, res) => {
    const url = req.url!;
    if (!url.startsWith(PREFIX)) return false;
    const college = app.colleges.resolved(req.headers.host!);
    if (!college) return false;
    const entry = asked.get(college.id);
    // the version read within the last second, as the route's own cache uses it (results.lookup.ts)
    if (!entry || versionNow(read, college.id) !== entry.version) return false;
    const kept = entry.byAddress.get(url);
    if (!kept) return false;
    // a proxy back after its copy's second: the route reads the version again (readVersionForProxy)
    if (req.headers['x-forwarded-for'] && !versionReadThisSecond(read, college.id)) return false;
    const variant = lookupVariant(kept.answer, req.headers['accept-encoding'], req.headers['if-none-match']);
    const wire = (kept.wires[variant] ??= toWire(kept.answer, variant));
    res.setHeader('x-accel-expires', proxyExpiry(read, college.id, kept.answer));
    res.writeHead(wire.status, wire.headers);
    res.end(wire.body);
    return true;
  };
}
