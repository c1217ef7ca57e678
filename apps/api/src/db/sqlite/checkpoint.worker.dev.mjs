// Development and tests only: runs the TypeScript worker through tsx. The built server starts the
// bundled checkpoint.worker.js instead (apps/api/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./checkpoint.worker.ts');
