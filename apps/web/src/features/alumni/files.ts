import { ALUMNI_MAX_FILE_MB, ALUMNI_MSG, MSG } from '@erp/shared';
import { ApiError } from '../../lib/api-client';

/** The browser's check of a chosen file (the server checks the bytes again). */
export function fileProblem(file: File | null, accept: string, typeMessage: string): string | null {
  if (!file) return null;
  const ext = file.name.includes('.') ? `.${file.name.split('.').pop()!.toLowerCase()}` : '';
  if (!accept.split(',').includes(ext)) return typeMessage;
  if (file.size > ALUMNI_MAX_FILE_MB * 1024 * 1024) return ALUMNI_MSG.fileTooLarge;
  return null;
}

/** Form 1's 'Oops...' text: the server's body, else what went wrong before a response came. */
export function registrationFailureText(err: unknown): string {
  if (err instanceof ApiError) return typeof err.body === 'string' && err.body ? err.body : err.message;
  // fetch rejects with a TypeError when no response arrives (offline, refused).
  if (err instanceof TypeError) return MSG.noResponse;
  return `${MSG.unexpectedError}${err instanceof Error ? err.message : String(err)}`;
}
