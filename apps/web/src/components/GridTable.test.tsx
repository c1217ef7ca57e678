import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { GridTable } from './GridTable';

afterEach(cleanup);

describe('GridTable', { timeout: 30_000 }, () => {
  it('draws a fixed grid: spanning cells, row headers, row test ids and data attributes', () => {
    render(
      <GridTable
        label="Week"
        head={[
          { key: 'day', content: 'Day' },
          { key: 1, content: 'P1' },
          { key: 2, content: 'P2' },
        ]}
        rows={[
          {
            key: 'mon',
            testId: 'day-row',
            data: { 'data-status': 'busy' },
            cells: [
              { key: 'day', content: 'Mon', rowHeader: true },
              { key: 1, content: 'Lab', span: 2, testId: 'lab' },
            ],
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Week' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Day', 'P1', 'P2']);
    expect(within(table).getByRole('rowheader').textContent).toBe('Mon');
    expect(screen.getByTestId('lab').getAttribute('colspan')).toBe('2');
    expect(screen.getByTestId('day-row').getAttribute('data-status')).toBe('busy');
  });
});
