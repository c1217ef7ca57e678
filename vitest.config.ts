import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two workers fit the 2-core machines; each API test file gets its own database.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          // A story takes 10-40 s on an idle 2-core machine and twice that when the machine is busy.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Pages load their code on demand and the machine may be busy: a poll waits up to 10 s.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
