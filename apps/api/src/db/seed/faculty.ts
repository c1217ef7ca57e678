import type { SeedContext } from './context.js';

/** Faculty publications, MoUs, awards, profiles and achievements (faculty feature). */
export async function seedFaculty(_ctx: SeedContext): Promise<void> {}
