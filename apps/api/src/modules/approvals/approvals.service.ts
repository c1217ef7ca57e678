import {
  ACCOUNTS_PATHS,
  APPROVAL_KINDS,
  ADMIN_ROLES,
  LEAVE_PATHS,
  PATHS,
  PORTAL_OFFICE_ROLES,
  PORTAL_PATHS,
  ROLES,
  type TApprovalDecision,
  type TApprovalKind,
  type TDecisionInbox,
  type TDecisionItem,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import type { RequestUser } from '../../plugins/types.js';
import { decideBill, decideConcession, decisionsWaiting } from '../accounts/index.js';
import { decideLeave, leaveApplications } from '../leave/index.js';
import { staffOf } from '../masters/index.js';
import { approveCertificate, certificatePage, rejectCertificate } from '../portal/index.js';
import { decideEscalatedGrievance, escalatedGrievances } from '../grievances/index.js';
import { decideRegistration, pendingRegistrations } from '../registrations/index.js';
import { forbidden } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';

type College = { id: number; code: string; name: string };

/** Certificates (bonafide, no-dues) wait for the office that issues them. */
const issuesCertificates = (user: RequestUser) => PORTAL_OFFICE_ROLES.some((r) => user.roles.includes(r));
/** More than an office clears in a day; the certificates page lists the rest. */
const CERTIFICATES_SHOWN = 200;
const CERTIFICATE_LABEL = { bonafide: 'Bonafide certificate', no_dues: 'No-dues certificate' } as const;

/** Leave waits for a head of department (their department's) or the principal (a head's own leave). */
const decidesLeave = (user: RequestUser) => user.roles.includes(ROLES.HOD) || user.roles.includes(ROLES.PRINCIPAL);

/** Self-registrations wait for the college's administrators (the registrations module's own guard). */
const decidesRegistrations = (user: RequestUser) => ADMIN_ROLES.some((r) => user.roles.includes(r));

/**
 * Everything waiting for this person across the offices, oldest first. Each office lists what is at
 * this person's stage by its own rules; nothing is decided or filtered here.
 */
export async function inbox(db: Database, college: College, user: RequestUser): Promise<TDecisionInbox> {
  const [accounts, leave, certificates, grievances, registrations] = await Promise.all([
    decisionsWaiting(db, college, user),
    decidesLeave(user) ? staffOf(db, user).then((staff) => leaveApplications(db, staff, 'approvals')) : null,
    issuesCertificates(user)
      ? certificatePage(db, college.id, { status: 'pending', q: '', page: 1, pageSize: CERTIFICATES_SHOWN })
      : null,
    // escalated grievances wait for the principal (the grievances module decides which and for whom)
    escalatedGrievances(db, user, clock.now()),
    decidesRegistrations(user) ? pendingRegistrations(db, college.id) : [],
  ]);
  const items: TDecisionItem[] = [
    ...accounts.concessions.map((c) => ({
      kind: 'concession' as const,
      id: c.id,
      title: `${c.typeName} for ${c.studentName} (${c.rollNo})`,
      detail: `${c.headName} ${c.fy}${c.note ? ` · ${c.note}` : ''}`,
      amountPaise: c.amountPaise,
      requestedBy: c.proposedBy,
      requestedAt: c.createdAt,
      link: ACCOUNTS_PATHS.concessions,
    })),
    ...accounts.bills.map((b) => ({
      kind: 'bill' as const,
      id: b.id,
      title: `${b.vendorName}, bill ${b.billNo}`,
      detail: b.description,
      amountPaise: b.payablePaise,
      requestedBy: b.createdBy,
      requestedAt: b.billDate,
      link: ACCOUNTS_PATHS.vendors,
    })),
    ...(leave?.items ?? []).map((l) => ({
      kind: 'leave' as const,
      id: l.id,
      title: `${l.facultyName} (${l.department})`,
      detail: `${l.leaveType}, ${l.fromDate} to ${l.toDate} (${l.days} day${l.days === 1 ? '' : 's'}): ${l.reason}`,
      amountPaise: null,
      requestedBy: l.facultyName,
      requestedAt: l.createdAt,
      link: LEAVE_PATHS.leave,
    })),
    ...(certificates?.items ?? []).map((c) => ({
      kind: 'certificate' as const,
      id: c.id,
      title: `${CERTIFICATE_LABEL[c.kind]} for ${c.name} (${c.rollNo})`,
      detail: c.purpose,
      amountPaise: null,
      requestedBy: c.name,
      requestedAt: c.requestedAt,
      link: PORTAL_PATHS.officeCertificates,
    })),
    ...grievances.map((g) => ({
      kind: 'grievance' as const,
      id: g.id,
      title: `Grievance ${g.number}: ${g.subject}`,
      detail: `${g.category}, lodged ${g.lodgedOn}, decision was due ${g.dueOn}. Approving resolves it, rejecting rejects it; the remark is the decision the complainant reads.`,
      amountPaise: null,
      requestedBy: g.complainant ?? 'Anonymous',
      requestedAt: g.escalatedAt,
      link: `/app/grievance-redressal/${g.id}`,
    })),
    ...registrations.map((r) => ({
      kind: 'registration' as const,
      id: r.id,
      title: `${r.fullName} (${r.username})`,
      detail: `Asks for ${r.roles.join(', ')}${r.department ? ` · ${r.department}` : ''}${r.email ? ` · ${r.email}` : ''}`,
      amountPaise: null,
      requestedBy: r.fullName,
      requestedAt: r.createdAt,
      link: PATHS.pendingRegistrations,
    })),
  ].sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.id - b.id);
  const counts = Object.fromEntries(APPROVAL_KINDS.map((k) => [k, items.filter((i) => i.kind === k).length])) as TDecisionInbox['counts'];
  return { items, counts };
}

/** Decides one item through its own office's decide call (which checks the stage and who may). */
export async function decide(
  db: Database,
  college: College,
  user: RequestUser,
  kind: TApprovalKind,
  id: number,
  body: TApprovalDecision,
  baseUrl: string,
  ip = '',
) {
  if (kind === 'certificate') {
    if (!issuesCertificates(user)) throw forbidden('Certificates are decided by the office that issues them');
    const c =
      body.decision === 'approve'
        ? await approveCertificate(db, user, college, id, body.note, baseUrl)
        : await rejectCertificate(db, user, id, body.note);
    return { kind, id, status: c.status };
  }
  if (kind === 'concession') return { kind, id, status: (await decideConcession(db, user, id, body)).status };
  if (kind === 'grievance') {
    const g = await decideEscalatedGrievance(db, user, id, body.decision === 'approve', body.note, clock.now());
    return { kind, id, status: g.status };
  }
  if (kind === 'registration') {
    if (!decidesRegistrations(user)) throw forbidden('Registrations are decided by the college administration');
    await decideRegistration(db, { user, ip }, id, body.decision === 'approve', body.note);
    return { kind, id, status: body.decision === 'approve' ? 'active' : 'rejected' };
  }
  if (kind === 'bill') return { kind, id, status: (await decideBill(db, college, user, id, body)).status };
  const staff = await staffOf(db, user);
  await decideLeave(db, staff, id, body.decision === 'approve', body.note);
  return { kind, id, status: body.decision === 'approve' ? 'approved' : 'rejected' };
}
