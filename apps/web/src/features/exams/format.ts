import { EXAM_STATUSES, EXAM_STATUS_LABELS, type TExamStatus } from '@erp/shared';
import { formatDate, formatDateTime, formatPaise } from '../../lib/format';

/** Paise as ₹ with lakh grouping (the shared helper). */
export const rupees = (paise: number) => formatPaise(paise);
/** yyyy-mm-dd as dd-mm-yyyy; a dash for none. */
export const ddmmyyyy = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');

export const statusLabel = (s: TExamStatus) => EXAM_STATUS_LABELS[s];

/** The one status an exam may move to next (null once published). */
export function nextStatus(s: TExamStatus): TExamStatus | null {
  const at = EXAM_STATUSES.indexOf(s);
  const next = EXAM_STATUSES[at + 1] ?? null;
  // publishing is the Marks tab's last step, not a move of the status
  return next === 'published' ? null : next;
}

/** A rupee amount as typed ("1,250.50") in paise; NaN when it is not an amount. */
export function toPaise(text: string): number {
  const t = text.replace(/[,₹\s]/g, '');
  if (t === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

/** "FN" / "AN" in words. */
export const sessionLabel = (s: string | null) => (s === 'FN' ? 'Forenoon' : s === 'AN' ? 'Afternoon' : '—');

/** Backlog codes typed with commas, spaces or new lines. */
export const codesOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
  ),
];

/** A date (dd-mm-yyyy) or a timestamp (dd-mm-yyyy hh:mm), whichever the server sent. */
export const whenText = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : formatDateTime(v));

/** The branches an exam's papers are for (a paper common to all says "All branches": not a branch to filter by). */
export const branchesOf = (papers: ReadonlyArray<{ branch: string }>) =>
  [...new Set(papers.map((p) => p.branch))].filter((b) => b && b !== 'All branches').sort();
