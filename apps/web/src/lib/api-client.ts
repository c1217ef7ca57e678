import { MSG } from '@erp/shared';
import { clearSession, csrfToken, getSessionUser } from './session';

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

/** The ApiError for a non-2xx answer; a session the server ended signs the user out here too. */
function failure(status: number, text: string, statusText: string, hadSession: boolean): ApiError {
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* text body */
  }
  const serverMessage =
    parsed && typeof parsed === 'object' && 'message' in parsed ? String((parsed as { message: unknown }).message) : '';
  const message = serverMessage || (typeof parsed === 'string' ? parsed : '') || statusText;
  // The session ended on the server (it expired, the password was changed or reset, or its cookie
  // is gone): sign out here too.
  if (status === 401 && hadSession && (serverMessage === MSG.sessionExpired || serverMessage === MSG.signInRequired)) {
    clearSession();
    window.location.assign('/');
  }
  // A new server with no college yet: every page leads to the first-run setup.
  if (status === 503 && (parsed as { setupRequired?: unknown })?.setupRequired === true && window.location.pathname !== '/setup') {
    window.location.assign('/setup');
  }
  return new ApiError(status, message, parsed);
}

/** The headers that authenticate a call: the session is the HttpOnly cookie; writes echo the CSRF token. */
function sessionHeaders(method: string): Record<string, string> {
  const csrf = csrfToken();
  return csrf && !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()) ? { 'x-csrf-token': csrf } : {};
}

/** Sends a call with the signed-in user's session cookie; a non-2xx answer throws ApiError with the server's message. */
export async function apiRequest<T = unknown>(base: Base, path: string, options: RequestOptions = {}): Promise<T> {
  const hadSession = getSessionUser() !== null;
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  Object.assign(headers, sessionHeaders(method));
  const res = await fetch(apiUrl(base, path, options.query), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  if (!res.ok) throw failure(res.status, await res.text(), res.statusText, hadSession);
  if (options.as === 'text') return (await res.text()) as T;
  if (options.as === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export interface UploadOptions {
  query?: RequestOptions['query'];
  /** called with the share of the body sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
}

/**
 * Posts a multipart form like apiRequest, reporting upload progress (fetch cannot), and reads the
 * JSON answer. Errors are the same ApiError with the server's message and body.
 */
export function apiUpload<T = unknown>(base: Base, path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(base, path, options.query));
    xhr.withCredentials = true;
    const hadSession = getSessionUser() !== null;
    for (const [name, value] of Object.entries(sessionHeaders('POST'))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failure(xhr.status, xhr.responseText, xhr.statusText, hadSession));
        return;
      }
      options.onProgress?.(1);
      try {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : null) as T);
      } catch {
        reject(new ApiError(xhr.status, 'The server answered with something that is not JSON', xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(form);
  });
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
