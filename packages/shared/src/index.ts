export * from './roles.js';
export * from './messages.js';
export * from './academic-year.js';
export * from './grade-scale.js';
export * from './cipher.js';
export * from './auth-schemas.js';
export * from './paths.js';
