import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG, collegeEndpoints as college, type TLogoData } from '@erp/shared';
import { SERVER_ADDRESS_KEY } from './api-client';
import { callEndpoint, endpointKey, useEndpointQuery } from './endpoints';

/** The header's images; null when the logo call failed (the header falls back to text). */
export type LogoImages = { [K in keyof TLogoData]: TLogoData[K] | null };

const HOUR = 60 * 60 * 1000;

/**
 * The college the server named in the page (a meta tag it adds to index.html for the host), so
 * the first paint has the college's name and layout without waiting for an API call. Not used when
 * Developer Options point the API at another server.
 */
export const pageCollege: { code: string; name: string } | null = (() => {
  try {
    if (typeof document === 'undefined' || localStorage.getItem(SERVER_ADDRESS_KEY)) return null;
    const content = document.querySelector('meta[name="erp-college"]')?.getAttribute('content');
    const parsed = content ? (JSON.parse(content) as { code?: unknown; name?: unknown }) : null;
    return parsed && typeof parsed.code === 'string' && typeof parsed.name === 'string'
      ? { code: parsed.code, name: parsed.name }
      : null;
  } catch {
    return null;
  }
})();

/** The college's name for headers and footers: from the config once loaded, the page's until then. */
export function useCollegeName(): string {
  return useAppConfig().data?.collegeName ?? pageCollege?.name ?? MSG.appTitleFallback;
}

/** Prefetched at start-up (main.tsx) under the key useEndpointQuery gives it. */
export const appConfigQuery = queryOptions({
  queryKey: endpointKey(college.config, {}),
  queryFn: () => callEndpoint(college.config),
  staleTime: HOUR,
});

export const useAppConfig = () => useQuery(appConfigQuery);

const LOGO_KEY = 'erpLogoCache';

/** The logo kept from the last visit, with when it was fetched: no 36 KB call on every page load. */
function storedLogo(): { data: LogoImages; at: number } | undefined {
  try {
    const raw = localStorage.getItem(LOGO_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { data: LogoImages; at: number };
    return parsed && typeof parsed.at === 'number' && parsed.data ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function storeLogo(data: LogoImages) {
  try {
    localStorage.setItem(LOGO_KEY, JSON.stringify({ data, at: Date.now() }));
  } catch {
    // storage full or disabled: the logo is fetched again next time
  }
}

/**
 * Failures fetching the logo are only logged (spec section 8): the header falls back to text.
 * The logo is cached for an hour in the browser (and the server answers with an ETag and
 * cache headers), so moving between pages or reloading does not fetch it again.
 */
export const logoQuery = queryOptions({
  queryKey: endpointKey(college.logo, {}),
  queryFn: () =>
    callEndpoint(college.logo).then(
      (data): LogoImages => {
        storeLogo(data);
        return data;
      },
      (e: unknown) => {
        console.error(e);
        return { Logo: null, Banner: null } as LogoImages;
      },
    ),
  initialData: () => storedLogo()?.data,
  initialDataUpdatedAt: () => storedLogo()?.at,
  staleTime: HOUR,
});

export const useLogoData = () => useQuery(logoQuery);

/** The last item of getContactData is the current one. */
export const useContactData = () =>
  useEndpointQuery(college.contact, undefined, { select: (list) => list[list.length - 1] ?? null, staleTime: HOUR });

/** The college code (getCollegeName answers it as text). */
export const useCollegeCode = () =>
  useEndpointQuery(college.collegeCode, undefined, {
    select: (code) => code.trim(),
    initialData: pageCollege?.code,
    staleTime: HOUR,
  });

export const useDashboardSummary = (enabled = true) => useEndpointQuery(college.dashboardSummary, undefined, { enabled });

export const pngSrc = (base64: string | null | undefined) => (base64 ? `data:image/png;base64,${base64}` : undefined);
