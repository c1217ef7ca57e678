import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TImportReport } from '@erp/shared';
import { FeedbackProvider } from './feedback';
import { ImportPanel } from './ImportPanel';

afterEach(cleanup);

const REPORT: TImportReport = {
  message: 'Checked',
  saved: 0,
  valid: 2,
  dryRun: true,
  rejected: [{ row: 4, errors: ['Roll Number 99X is not a student of this college', 'Marks must be 0 to 100'] }],
};

function mount(upload: (file: File, dryRun: boolean, onProgress: (f: number) => void) => Promise<TImportReport>) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidate = vi.spyOn(qc, 'invalidateQueries');
  render(
    <QueryClientProvider client={qc}>
      <FeedbackProvider>
        <ImportPanel
          title="Upload the books"
          upload={upload}
          invalidates={[['books']]}
          labels={{ rowNoun: 'books', fileInput: 'Books file' }}
        />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

const sheet = (name = 'books.xlsx') => new File(['x'], name, { type: 'application/octet-stream' });

// MUI's first render in jsdom takes seconds on a busy machine.
describe('ImportPanel', { timeout: 30_000 }, () => {
  it('takes the file from a real file input, checks it dry, lists the rejected rows and refreshes what it changes', async () => {
    const upload = vi.fn(async (_f: File, _dry: boolean, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return REPORT;
    });
    const { invalidate } = mount(upload);
    const input = screen.getByLabelText('Books file') as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.type).toBe('file');
    fireEvent.change(input, { target: { files: [sheet()] } });
    expect(screen.getByTestId('chosen-file').textContent).toBe('books.xlsx');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check Only' })));
    expect(upload).toHaveBeenCalledWith(expect.any(File), true, expect.any(Function));
    const report = await screen.findByTestId('import-report');
    expect(report.textContent).toContain('Checked. Would save 2 books, rejected 1.');
    expect(screen.getAllByTestId('rejected-row').map((r) => r.textContent)).toEqual([
      '4Roll Number 99X is not a student of this college; Marks must be 0 to 100',
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['books'] });
  });

  it("accepts a dropped file and shows the server's refusal with its reason", async () => {
    const { ApiError } = await import('../lib/api-client');
    const upload = vi.fn(async () => {
      throw new ApiError(400, 'Unable to Upload Excel File', {
        message: 'Unable to Upload Excel File',
        reason: 'Only .xlsx and .xls files can be uploaded',
      });
    });
    mount(upload);
    fireEvent.drop(screen.getByTestId('import-panel'), { dataTransfer: { files: [sheet('dropped.xlsx')] } });
    expect(screen.getByTestId('chosen-file').textContent).toBe('dropped.xlsx');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload' })));
    expect(upload).toHaveBeenCalledWith(expect.any(File), false, expect.any(Function));
    await screen.findByText('Unable to Upload Excel File: Only .xlsx and .xls files can be uploaded');
  });

  it('asks for a file before sending anything', async () => {
    const upload = vi.fn();
    mount(upload);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(upload).not.toHaveBeenCalled();
    expect((await screen.findAllByText('File is not Uploaded')).length).toBeGreaterThan(0);
  });
});
