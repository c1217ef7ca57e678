import { describe, expect, it } from 'vitest';
import { safeNext, signInPathFor } from './return-to';

describe('return after sign-in', () => {
  it('keeps paths inside the app and refuses other hosts', () => {
    expect(safeNext('/app/Examinations/Results Entry')).toBe('/app/Examinations/Results Entry');
    expect(safeNext('//evil.example/x')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext('/login/erp')).toBeNull();
    expect(safeNext(null)).toBeNull();
    expect(signInPathFor('/app/Admin?x=1')).toBe('/login/erp?next=%2Fapp%2FAdmin%3Fx%3D1');
  });
});
