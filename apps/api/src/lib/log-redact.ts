import type { FastifyRequest } from 'fastify';

/**
 * Request logs without personal data: no passwords, tokens, cookies, Aadhaar or phone numbers.
 * Requests are logged by method, path, host and address only (never headers or bodies); query
 * strings and error texts go through redactText, which masks what looks like a token, an Aadhaar
 * number or a phone number whatever field it came in.
 */
const JWT = /\bey[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g;
const AADHAAR = /(?<!\d)\d{4}[ -]?\d{4}[ -]?\d{4}(?!\d)/g;
const PHONE = /(?<![\d])(?:\+?91[ -]?|0)?[6-9]\d{9}(?!\d)/g;
/** query parameters whose values never reach a log, whatever they look like */
const SECRET_PARAMS = /pass|token|secret|otp|aadha|mobile|phone|email|cipher|content|signature|vads_/i;

export function redactText(text: string): string {
  return text.replace(JWT, '[token]').replace(AADHAAR, '[aadhaar]').replace(PHONE, '[phone]');
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactText(url);
  const path = url.slice(0, q);
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      if (eq < 0) return redactText(pair);
      return SECRET_PARAMS.test(name) ? `${name}=[redacted]` : `${name}=${redactText(pair.slice(eq + 1))}`;
    });
  return `${redactText(path)}?${params.join('&')}`;
}

interface ErrLike {
  type?: string;
  message?: string;
  stack?: string;
  code?: string;
  statusCode?: number;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.hostname,
      remoteAddress: request.ip,
    };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
  /** error type, code and texts (masked); no driver detail or query parameters, which carry values */
  err(error: ErrLike) {
    return {
      type: error?.constructor?.name ?? error?.type,
      code: error?.code,
      statusCode: error?.statusCode,
      message: redactText(String(error?.message ?? '')),
      stack: redactText(String(error?.stack ?? '')),
    };
  },
};

/** Paths pino masks wherever a log call passes an object with them. */
export const LOG_REDACT_PATHS = [
  'password',
  'newPassword',
  'oldpassword',
  'token',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.oldpassword',
  '*.token',
  '*.authorization',
  '*.cookie',
  'headers',
  '*.headers',
  'body',
  '*.body',
];
