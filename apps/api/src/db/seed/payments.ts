import type { SeedContext } from './context.js';

/** Fee types and sample payments of the demo colleges (payments feature). */
export async function seedPayments(_ctx: SeedContext): Promise<void> {}
