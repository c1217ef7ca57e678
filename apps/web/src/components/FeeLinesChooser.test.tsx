import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FeeLinesChooser } from './FeeLinesChooser';

afterEach(cleanup);

const LINES = [
  { lineId: 11, head: 'Tuition Fee', fy: '2026-27', amountPaise: 4_500_000 },
  { lineId: 12, head: 'Transport Fee', fy: '2026-27', amountPaise: 1_700_000 },
  { lineId: 13, head: 'Library Fine', fy: '2026-27', amountPaise: 500 },
];

const payButton = () => screen.getByRole('button', { name: /^Pay / });
const total = () => screen.getByTestId('fee-lines-total').textContent;

describe('FeeLinesChooser', () => {
  it('starts with every line checked and pays the whole due without naming lines', () => {
    const onPay = vi.fn();
    render(<FeeLinesChooser lines={LINES} onPay={onPay} />);
    expect(screen.getByRole('group', { name: 'Fees due' })).toBeTruthy();
    for (const l of LINES)
      expect((screen.getByRole('checkbox', { name: `${l.head} · ${l.fy}` }) as HTMLInputElement).checked).toBe(true);
    // 45,000 + 17,000 + 5
    expect(total()).toBe('Total ₹62,005');
    expect(payButton().textContent).toBe('Pay ₹62,005');
    fireEvent.click(payButton());
    expect(onPay).toHaveBeenCalledWith(undefined);
  });

  it('unchecking a line takes it out of the total and passes only the checked ids', () => {
    const onPay = vi.fn();
    render(<FeeLinesChooser lines={LINES} onPay={onPay} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tuition Fee · 2026-27' }));
    expect(total()).toBe('Total ₹17,005');
    expect(payButton().textContent).toBe('Pay ₹17,005');
    fireEvent.click(payButton());
    expect(onPay).toHaveBeenLastCalledWith([12, 13]);

    // Checked again: the whole due once more.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tuition Fee · 2026-27' }));
    expect(total()).toBe('Total ₹62,005');
    fireEvent.click(payButton());
    expect(onPay).toHaveBeenLastCalledWith(undefined);
  });

  it('with nothing checked, or while busy, Pay is disabled', () => {
    const onPay = vi.fn();
    const { rerender } = render(<FeeLinesChooser lines={LINES} onPay={onPay} />);
    for (const l of LINES) fireEvent.click(screen.getByRole('checkbox', { name: `${l.head} · ${l.fy}` }));
    expect(total()).toBe('Total ₹0');
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('Choose at least one fee to pay.');
    fireEvent.click(payButton());
    expect(onPay).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Library Fine · 2026-27' }));
    expect(total()).toBe('Total ₹5');
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);

    // Another payment under way: nothing can be changed or paid.
    rerender(<FeeLinesChooser lines={LINES} onPay={onPay} disabled />);
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('checkbox').every((c) => (c as HTMLInputElement).disabled)).toBe(true);
    // This chooser's order under way: the button says so.
    rerender(<FeeLinesChooser lines={LINES} onPay={onPay} busy />);
    expect(screen.getByRole('button', { name: 'Redirecting…' })).toHaveProperty('disabled', true);
  });

  it('read-only: the lines and their total, no checkboxes and no Pay', () => {
    render(<FeeLinesChooser lines={LINES.slice(1)} />);
    expect(screen.getByRole('group', { name: 'Fees due' })).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByTestId('fee-line').map((r) => r.textContent)).toEqual([
      'Transport Fee · 2026-27₹17,000',
      'Library Fine · 2026-27₹5',
    ]);
    expect(total()).toBe('Total ₹17,005');
  });
});
