import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MSG } from '@erp/shared';
import { FeedbackProvider, useAlert, useConfirm, useToast } from '.';

afterEach(cleanup);

let outcome = '';
function Buttons() {
  const toast = useToast();
  const alert = useAlert();
  const confirm = useConfirm();
  return (
    <>
      <button onClick={() => toast.success('Record saved successfully', { autoClose: false })}>toast</button>
      <button onClick={() => alert({ title: MSG.oops, text: 'Server said no', kind: 'error' }).then(() => (outcome = 'alert closed'))}>alert</button>
      <button onClick={() => confirm({}).then((ok) => (outcome = ok ? 'confirmed' : 'cancelled'))}>confirm</button>
    </>
  );
}

describe('feedback', () => {
  it('shows toasts until closed', async () => {
    render(<FeedbackProvider><Buttons /></FeedbackProvider>);
    fireEvent.click(screen.getByText('toast'));
    expect(screen.getByRole('status').textContent).toContain('Record saved successfully');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('resolves the alert when OK is pressed', async () => {
    render(<FeedbackProvider><Buttons /></FeedbackProvider>);
    fireEvent.click(screen.getByText('alert'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Oops...');
    expect(dialog.textContent).toContain('Server said no');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    expect(outcome).toBe('alert closed');
  });

  it("asks the spec's delete question and tells confirm from cancel", async () => {
    render(<FeedbackProvider><Buttons /></FeedbackProvider>);
    fireEvent.click(screen.getByText('confirm'));
    expect((await screen.findByRole('dialog')).textContent).toContain(MSG.deleteConfirm);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: MSG.cancel })));
    expect(outcome).toBe('cancelled');
    fireEvent.click(screen.getByText('confirm'));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: MSG.yesDelete })));
    expect(outcome).toBe('confirmed');
  });
});
