import type { SeedContext } from './context.js';

/** Exam titles and results of the demo colleges (exam results feature). */
export async function seedResults(_ctx: SeedContext): Promise<void> {}
