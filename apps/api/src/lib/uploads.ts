import fs from 'node:fs/promises';
import path from 'node:path';

/** Stores a file under UPLOAD_DIR/<college code>/<folder>/<name>; returns the path relative to UPLOAD_DIR. */
export async function storeUpload(uploadDir: string, collegeCode: string, folder: string, name: string, data: Buffer) {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
  const relative = path.join(safe(collegeCode), safe(folder), safe(name));
  const full = path.resolve(uploadDir, relative);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, data);
  return relative;
}

export async function readUpload(uploadDir: string, relative: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(path.resolve(uploadDir, relative));
  } catch {
    return null;
  }
}

/** Removes stored files (those of a write that failed); a file already gone is no error. */
export async function removeUploads(uploadDir: string, relatives: string[]) {
  for (const r of relatives) await fs.rm(path.resolve(uploadDir, r), { force: true });
}
