import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { StatsPanel } from './StatsPanel';

afterEach(cleanup);

const STATS = [
  { label: 'Beds', value: '1,240', testId: 'stat-beds' },
  { label: 'Free', value: 37 },
];

describe('StatsPanel', () => {
  it('lists each figure as a term and its value, in order', () => {
    render(<StatsPanel stats={STATS} testId="totals" aria-label="Hostel figures" />);
    const panel = screen.getByTestId('totals');
    expect(panel.tagName).toBe('DL');
    expect(screen.getByRole('group', { name: 'Hostel figures' })).toBe(panel);
    expect(
      within(panel)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Beds', 'Free']);
    expect(
      within(panel)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['1,240', '37']);
    expect(screen.getByTestId('stat-beds').textContent).toBe('1,240');
  });

  it('puts each figure in its own card in the cards variant', () => {
    const { container } = render(<StatsPanel variant="cards" stats={STATS} />);
    expect(container.querySelectorAll('.MuiCard-root')).toHaveLength(2);
    cleanup();
    const plain = render(<StatsPanel stats={STATS} />);
    expect(plain.container.querySelectorAll('.MuiCard-root')).toHaveLength(0);
  });

  it('lays out the columns asked for, per breakpoint', () => {
    render(<StatsPanel stats={STATS} columns={3} testId="three" />);
    expect(getComputedStyle(screen.getByTestId('three')).gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
  });
});
