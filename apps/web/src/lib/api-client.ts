import { MSG } from '@erp/shared';
import { clearSession, getSessionUser } from './session';

/**
 * One API client for the three legacy backends and the new REST calls. The origin is the page's
 * own, unless Developer Options stored a Server Address (localStorage 'serverAddress').
 */
export const SERVER_ADDRESS_KEY = 'serverAddress';

export function apiOrigin(): string {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(SERVER_ADDRESS_KEY) : null;
  return (stored ?? '').replace(/\/+$/, '');
}

export const BASES = {
  v1: '/api/v1',
  auth: '/api/auth-service',
  facultyDb: '/api/faculty-db/v1',
  rest: '/api',
} as const;
export type Base = keyof typeof BASES;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON body, or FormData for multipart calls */
  body?: unknown;
  /** how to read the response: json (default), text or blob */
  as?: 'json' | 'text' | 'blob';
  signal?: AbortSignal;
}

export function apiUrl(base: Base, path: string, query?: RequestOptions['query']): string {
  const url = `${apiOrigin()}${BASES[base]}/${path.replace(/^\//, '')}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Sends a call with the signed-in user's bearer token; a non-2xx answer throws ApiError with the server's message. */
export async function apiRequest<T = unknown>(base: Base, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getSessionUser()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(apiUrl(base, path, options.query), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: options.signal,
  });
  if (!res.ok) {
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* text body */
    }
    const serverMessage =
      parsed && typeof parsed === 'object' && 'message' in parsed ? String((parsed as { message: unknown }).message) : '';
    const message = serverMessage || (typeof parsed === 'string' ? parsed : '') || res.statusText;
    // The session ended on the server (it expired, or the password was changed or reset): sign out here too.
    if (res.status === 401 && token && serverMessage === MSG.sessionExpired) {
      clearSession();
      window.location.assign('/');
    }
    throw new ApiError(res.status, message, parsed);
  }
  if (options.as === 'text') return (await res.text()) as T;
  if (options.as === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const api = {
  get: <T>(base: Base, path: string, query?: RequestOptions['query'], as?: RequestOptions['as']) =>
    apiRequest<T>(base, path, { query, as }),
  post: <T>(base: Base, path: string, body?: unknown, query?: RequestOptions['query']) =>
    apiRequest<T>(base, path, { method: 'POST', body, query }),
  del: <T>(base: Base, path: string, body?: unknown) => apiRequest<T>(base, path, { method: 'DELETE', body }),
};

/** Opens a base64 PDF from the API in a new tab (or downloads it when pop-ups are blocked). */
export function openBase64Pdf(base64: string, fileName = 'document.pdf') {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const win = window.open(url, '_blank');
  if (!win) {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
