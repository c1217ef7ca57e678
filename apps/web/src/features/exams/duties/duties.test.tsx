import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DUTY_MSG, type TExam } from '@erp/shared';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { InvigilationTab } from './InvigilationTab';
import { MarkScriptsDialog } from './MarkScriptsDialog';
import { PrintTicketsButton } from './PrintTicketsButton';

/**
 * The exam cell's duty screens against a scripted server (the e2e drives the real one once the
 * exam page shows these tabs): the server's refusals are shown in its words, the batch is followed
 * until its file is ready, the schema's messages stand beside their fields.
 */
type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer | Answer[]> = {};
const calls: Array<{ method: string; path: string; body: unknown }> = [];

beforeEach(() => {
  calls.length = 0;
  document.cookie = `erpUser=${encodeURIComponent(JSON.stringify({ username: 'examcell', roles: ['ROLE_EXAMINATION'] }))}; path=/`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://x').pathname;
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const found = answers[`${method} ${path}`];
      const a = Array.isArray(found) ? (found.length > 1 ? found.shift()! : found[0]!) : found;
      if (!a) return new Response(JSON.stringify({ message: `no answer for ${method} ${path}` }), { status: 404 });
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  answers = {};
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(el: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: el }], { initialEntries: ['/'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const exam = {
  id: 1,
  name: 'Test exam',
  papers: [{ branch: 'CSE' }, { branch: 'ECE' }, { branch: 'All branches' }],
} as unknown as TExam;
const batch = (status: string, done: number) => ({
  id: 7,
  branch: 'CSE',
  status,
  done,
  total: 3,
  error: '',
  createdAt: '2026-11-29 09:00',
  finishedAt: '',
});

describe('print hall tickets', () => {
  it('follows the batch every second until it is ready, then offers the file', async () => {
    answers['POST /api/exams/1/hall-tickets/batches'] = { body: batch('queued', 0) };
    answers['GET /api/exams/1/hall-tickets/batches/7'] = [{ body: batch('running', 1) }, { body: batch('ready', 3) }];
    show(<PrintTicketsButton exam={exam} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Branch to print' }));
    expect(screen.queryByRole('option', { name: 'All branches' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'CSE' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));
    expect((await screen.findByTestId('print-count')).textContent).toBe('Printing: 1 of 3');
    expect(screen.getByRole('progressbar', { name: 'Hall tickets printed' }).getAttribute('aria-valuenow')).toBe('33');
    await screen.findByText('Ready: 3 hall tickets of CSE', undefined, { timeout: 4000 });
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ branch: 'CSE' });
  }, 15_000);

  it("shows the server's refusal and a failed batch's error", async () => {
    answers['POST /api/exams/1/hall-tickets/batches'] = [
      { status: 400, body: { message: 'No hall ticket has been issued yet' } },
      { body: batch('queued', 0) },
    ];
    answers['GET /api/exams/1/hall-tickets/batches/7'] = {
      body: { ...batch('failed', 1), error: 'The photo of 22A91A0501 is unreadable' },
    };
    show(<PrintTicketsButton exam={exam} />);
    fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));
    expect((await screen.findByTestId('print-error')).textContent).toContain('No hall ticket has been issued yet');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ branch: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Make the PDF' }));
    await screen.findByText('The PDF could not be made: The photo of 22A91A0501 is unreadable');
  }, 15_000);
});

describe('invigilation', () => {
  const duty = (id: number, faculty: string, extra = {}) => ({
    id,
    date: '2026-12-07',
    session: 'FN',
    room: 'A101',
    facultyId: id,
    faculty,
    department: 'CSE',
    status: 'assigned',
    swapTo: null,
    swapReason: '',
    ...extra,
  });
  it('lists the duties with dd-mm-yyyy dates, the swaps waiting and the load; a 409 is shown as an alert', async () => {
    answers['GET /api/exams/1/invigilation'] = {
      body: {
        duties: [
          duty(1, 'Dr. Suresh Kumar', { status: 'swap_requested', swapTo: 'Madhuri Murthy', swapReason: 'University meeting' }),
          duty(2, 'Farida Rao'),
        ],
        load: [
          { facultyId: 1, faculty: 'Dr. Suresh Kumar', department: 'CSE', duties: 1 },
          { facultyId: 2, faculty: 'Farida Rao', department: 'CSE', duties: 1 },
        ],
      },
    };
    const tooFew = DUTY_MSG.tooFew('2026-12-07', 'FN', 3);
    answers['POST /api/exams/1/invigilation'] = { status: 409, body: { message: tooFew } };
    show(<InvigilationTab exam={exam} />);
    const table = await screen.findByRole('table', { name: 'Invigilation duties' });
    expect(await within(table).findAllByText('07-12-2026')).toHaveLength(2);
    const waiting = screen.getByTestId('swaps-waiting');
    expect(waiting.textContent).toContain('Dr. Suresh Kumar asks Madhuri Murthy to take A101 on 07-12-2026 FN');
    expect(
      within(screen.getByRole('table', { name: 'Load per faculty member' })).getAllByRole('button', { name: 'Duty letter' }),
    ).toHaveLength(2);

    fireEvent.change(screen.getByTestId('per-invigilator'), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the roster' }));
    await screen.findByText('At most 120 students an invigilator');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('per-invigilator'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the roster' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Make again' }));
    expect((await screen.findByTestId('roster-error')).textContent).toContain(tooFew);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ studentsPerInvigilator: 20 });
  }, 15_000);
});

describe('mark answer scripts', () => {
  const rooms = [{ id: 4, name: 'A101', block: 'A Block', rows: 6, cols: 8, capacity: 48, retired: false }] as never;
  it("shows the schema's message beside the remark and the server's beside the roll number", async () => {
    answers['PUT /api/exams/1/scripts'] = { status: 400, body: { message: DUTY_MSG.notInRoom('22A91A9999') } };
    const onClose = vi.fn();
    show(
      <MarkScriptsDialog
        examId={1}
        rooms={rooms}
        sessions={['2026-12-07|FN']}
        initial={{ date: '2026-12-07', session: 'FN', roomId: 4 }}
        onClose={onClose}
      />,
    );
    const row = await screen.findByTestId('mark-row-0');
    fireEvent.change(within(row).getByLabelText('Roll no'), { target: { value: '22a91a0101' } });
    fireEvent.mouseDown(within(row).getByRole('combobox', { name: 'Mark' }));
    fireEvent.click(screen.getByRole('option', { name: 'Malpractice' }));
    fireEvent.change(within(row).getByLabelText('Remark'), { target: { value: 'chit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    await within(row).findByText('Describe the malpractice of 22A91A0101 (at least 5 characters)');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(row).getByLabelText('Roll no'), { target: { value: '22A91A9999' } });
    fireEvent.change(within(row).getByLabelText('Remark'), { target: { value: 'Chit found in the pocket' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    await within(row).findByText(DUTY_MSG.notInRoom('22A91A9999'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      roomId: 4,
      date: '2026-12-07',
      session: 'FN',
      marks: [{ rollNo: '22A91A9999', status: 'malpractice', remark: 'Chit found in the pocket' }],
    });
    expect(onClose).not.toHaveBeenCalled();
  }, 15_000);
});
