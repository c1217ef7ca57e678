import { apiRequest, type Base } from './api-client';

/** Saves a blob as a file download (the browser's download bar, not a pop-up). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches a file from the API with the session's token and saves it under fileName. */
export async function downloadFile(base: Base, path: string, fileName: string) {
  saveBlob(await apiRequest<Blob>(base, path, { as: 'blob' }), fileName);
}
