import { describe, expect, it } from 'vitest';
import { ALL_ROLES, ROLES } from './roles.js';
import { codeLabel, formulaInWords, roleDisplayName } from './labels.js';

describe('display labels', () => {
  it('names every role in words and keeps the legacy code as it is', () => {
    expect(ROLES.PLACEMENT_DEAN).toBe('ROLE_PLACMENT_DEAN');
    expect(roleDisplayName('ROLE_PLACMENT_DEAN')).toBe('Placement Dean');
    expect(roleDisplayName('ROLE_TRANSPORTATION_INCHARGE')).toBe('Transportation Incharge');
    for (const role of ALL_ROLES) expect(roleDisplayName(role), role).not.toMatch(/ROLE_|_|PLACMENT/);
    expect(roleDisplayName('ROLE_NEW_THING')).toBe('New thing');
    expect(roleDisplayName(undefined)).toBe('');
  });

  it('turns lower-case codes into labels', () => {
    expect(codeLabel('selected')).toBe('Selected');
    expect(codeLabel('no_show')).toBe('No show');
    expect(codeLabel('no show')).toBe('No show');
    expect(codeLabel('theory')).toBe('Theory');
    expect(codeLabel('lab')).toBe('Lab');
    expect(codeLabel('')).toBe('');
  });

  it('reads a formula in words', () => {
    const labels = { admitted: 'Students admitted', sanctioned_intake: 'Sanctioned intake' };
    expect(formulaInWords('admitted / sanctioned_intake * 100', labels)).toBe('Students admitted ÷ sanctioned intake × 100');
    expect(formulaInWords('publications / fulltime_teachers')).toBe('Publications ÷ fulltime teachers');
    expect(formulaInWords('weight * min(15 * faculty / students, 1)', { weight: 'Weight' })).toBe(
      'Weight × min(15 × faculty ÷ students, 1)',
    );
  });
});
