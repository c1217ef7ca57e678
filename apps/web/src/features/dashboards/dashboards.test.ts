import { describe, expect, it } from 'vitest';
import { LANDING_BY_ROLE, PATHS } from '@erp/shared';
import { DASHBOARDS, formatStat, landingPaths } from './dashboards';

describe('role dashboards', () => {
  it('renders every landing route of the spec except the faculty dashboard, once', () => {
    const defined = DASHBOARDS.map((d) => d.path);
    expect(new Set(defined).size).toBe(defined.length);
    expect([...defined].sort()).toEqual([...landingPaths()].sort());
    expect(defined).not.toContain(PATHS.facultyDashboard);
    expect(Object.values(LANDING_BY_ROLE)).toContain(PATHS.facultyDashboard);
  });

  it('gives each dashboard modules and live counts', () => {
    for (const d of DASHBOARDS) {
      expect(d.modules.length, d.path).toBeGreaterThan(0);
      expect(d.stats.length, d.path).toBeGreaterThan(0);
    }
  });

  it('shows money from minor units in rupees', () => {
    expect(formatStat('paymentsTotal', 12345600)).toBe('₹1,23,456');
    expect(formatStat('students', 600)).toBe('600');
  });
});
