import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { DateRangeField, isReversed } from './DateRangeField';

afterEach(cleanup);

function Plain({ onChange }: { onChange?: (r: { from: string; to: string }) => void }) {
  const [range, setRange] = useState({ from: '2025-06-01', to: '2025-06-30' });
  return (
    <DateRangeField
      {...range}
      fromLabel="Lodged from"
      toLabel="to"
      onChange={(r) => {
        setRange(r);
        onChange?.(r);
      }}
    />
  );
}

type Leave = { fromDate: string; toDate: string };
function Form({ onSubmit }: { onSubmit: (v: Leave) => void }) {
  const form = useForm<Leave>({ defaultValues: { fromDate: '2025-06-02', toDate: '' } });
  const submit = form.handleSubmit((v) => {
    if (!v.toDate) return form.setError('toDate', { message: 'Last day: give a real date' });
    onSubmit(v);
  });
  return (
    <form onSubmit={submit}>
      <DateRangeField
        control={form.control}
        fromName="fromDate"
        toName="toDate"
        reversedText="The last day is before the first"
      />
      <button type="submit">Apply</button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('DateRangeField', () => {
  it('names both fields and reports a change of either end with the other kept', () => {
    const onChange = vi.fn();
    render(<Plain onChange={onChange} />);
    expect(input('Lodged from').type).toBe('date');
    expect(input('to').value).toBe('2025-06-30');
    fireEvent.change(input('to'), { target: { value: '2025-07-15' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2025-06-01', to: '2025-07-15' });
    fireEvent.change(input('Lodged from'), { target: { value: '2025-07-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2025-07-01', to: '2025-07-15' });
  });

  it('says so under To when To is before From, and not otherwise', () => {
    render(<Plain />);
    expect(screen.queryByText('The from date must be on or before the to date')).toBeNull();
    fireEvent.change(input('to'), { target: { value: '2025-05-31' } });
    expect(screen.getByText('The from date must be on or before the to date')).toBeTruthy();
    expect(input('to').getAttribute('aria-invalid')).toBe('true');
    expect(input('Lodged from').getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(input('to'), { target: { value: '2025-06-01' } });
    expect(screen.queryByText('The from date must be on or before the to date')).toBeNull();
  });

  it('works as two fields of a react-hook-form form: values, the form’s messages, the range message', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    expect(input('From').value).toBe('2025-06-02');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Last day: give a real date');
    fireEvent.change(input('To'), { target: { value: '2025-06-01' } });
    await screen.findByText('The last day is before the first');
    fireEvent.change(input('To'), { target: { value: '2025-06-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ fromDate: '2025-06-02', toDate: '2025-06-03' }));
  });

  it('treats a range with an end missing as not reversed', () => {
    expect(isReversed('2025-06-02', '2025-06-01')).toBe(true);
    expect(isReversed('2025-06-02', '2025-06-02')).toBe(false);
    expect(isReversed('', '2025-06-01')).toBe(false);
    expect(isReversed('2025-06-02', undefined)).toBe(false);
  });
});
