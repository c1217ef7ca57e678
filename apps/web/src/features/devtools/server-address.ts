/** '' for this site, the origin for a valid http(s) address, null for anything else. */
export function normaliseServerAddress(input: string): string | null {
  const v = input.trim();
  if (!v) return '';
  try {
    const url = new URL(v);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}
