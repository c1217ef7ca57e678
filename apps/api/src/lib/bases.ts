/** The three legacy backends' base paths (api-contract.md) and the base for new calls. */
export const V1 = '/api/v1';
export const AUTH = '/api/auth-service';
export const FACULTY_DB = '/api/faculty-db/v1';
export const API = '/api';
