import { GRIEVANCE_CATEGORY_LABELS, GRIEVANCE_STATUS_LABELS, type TGrievanceCategory, type TGrievanceStatus } from '@erp/shared';

/** yyyy-mm-dd (or an ISO timestamp) → dd-mm-yyyy. */
export function ddmmyyyy(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = iso.length > 10 ? new Date(iso) : null;
  const s = d ? new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10) : iso;
  const [y, m, day] = s.split('-');
  return `${day}-${m}-${y}`;
}

export const categoryLabel = (c: string) => GRIEVANCE_CATEGORY_LABELS[c as TGrievanceCategory] ?? c;
export const statusLabel = (s: string) => GRIEVANCE_STATUS_LABELS[s as TGrievanceStatus] ?? s;
export const statusColor = (s: string): 'default' | 'info' | 'warning' | 'success' | 'error' =>
  s === 'submitted'
    ? 'info'
    : s === 'resolved'
      ? 'success'
      : s === 'rejected'
        ? 'error'
        : s === 'acknowledged'
          ? 'default'
          : 'warning';
