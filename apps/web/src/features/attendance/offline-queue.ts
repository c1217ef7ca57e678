import type { TSessionResult, TSheetSubmitInput } from '@erp/shared';
import { ApiError } from '../../lib/api-client';

/**
 * Sheets waiting to be sent, kept in localStorage so a sheet marked offline survives a reload.
 * Each carries its client id: the server saves a sheet once however often it arrives, and a sheet
 * leaves the queue only when the server has answered (saved, or refused it with a message).
 */
export const QUEUE_KEY = 'attendance-queue';

export interface Queued {
  body: TSheetSubmitInput;
  queuedAt: string;
  error?: string;
}

export function readQueue(): Queued[] {
  try {
    return JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as Queued[];
  } catch {
    return [];
  }
}

function writeQueue(q: Queued[]) {
  localStorage.setItem(QUEUE_KEY, JSON.stringify(q));
  window.dispatchEvent(new Event('attendance-queue'));
}

export function enqueue(body: TSheetSubmitInput) {
  const q = readQueue().filter((x) => x.body.clientId !== body.clientId);
  q.push({ body, queuedAt: new Date().toISOString() });
  writeQueue(q);
}

export function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export interface FlushOutcome {
  results: Map<string, TSessionResult>;
  refused: Map<string, string>;
}
let flushing: Promise<FlushOutcome> | null = null;

/** Sends every queued sheet in order; one flush at a time, so nothing is sent twice from this tab. */
export function flushQueue(send: (b: TSheetSubmitInput) => Promise<TSessionResult>): Promise<FlushOutcome> {
  if (flushing) return flushing.then((): Promise<FlushOutcome> => flushQueue(send));
  flushing = (async () => {
    const results = new Map<string, TSessionResult>();
    const refused = new Map<string, string>();
    for (const item of readQueue()) {
      try {
        results.set(item.body.clientId, await send(item.body));
        writeQueue(readQueue().filter((x) => x.body.clientId !== item.body.clientId));
      } catch (e) {
        if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) {
          // The server refused it (e.g. the window closed): drop it and say why.
          refused.set(item.body.clientId, e.message);
          writeQueue(readQueue().filter((x) => x.body.clientId !== item.body.clientId));
          if (results.size === 0 && refused.size === 1) throw e;
        } else {
          // Offline or the server is unreachable: keep it for the next try.
          break;
        }
      }
    }
    return { results, refused };
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
