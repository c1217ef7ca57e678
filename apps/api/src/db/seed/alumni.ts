import type { SeedContext } from './context.js';

/** Alumni registrations and history records (alumni feature). */
export async function seedAlumni(_ctx: SeedContext): Promise<void> {}
