/**
 * Every parse the parse worker runs, by name. The worker imports this file; the main thread only
 * its types, so the parsers' libraries load in the worker, never in the server.
 */
import { readSheet } from '../workbooks/read-sheet.js';
import { imageInfo } from './image.js';
import type { MarcInput, MarcRecord } from './marc.js';

export const TASKS = {
  workbook: (input: Parameters<typeof readSheet>[0]) => readSheet(input),
  // Loaded on use, so a worker started for another task does not load the MARC readers and tables.
  marc: async (input: MarcInput, emit: (records: MarcRecord[]) => void) => (await import('./marc.js')).readMarc(input, emit),
  image: (input: Parameters<typeof imageInfo>[0]) => imageInfo(input),
};
