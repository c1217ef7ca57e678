/** Figures with Indian digit grouping, at most two decimals; '—' when there is none. */
export const figure = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : v.toLocaleString('en-IN', { maximumFractionDigits: 2 });

export const withUnit = (v: number | null, unit: string) => {
  if (v === null) return '—';
  if (unit === '%') return `${figure(v)}%`;
  if (unit === '₹ lakh') return `₹${figure(v)} lakh`;
  if (unit === 'ratio') return `${figure(v)} : 1`;
  return `${figure(v)} ${unit === 'count' ? '' : unit}`.trim();
};
