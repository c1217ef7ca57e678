import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLES } from '@erp/shared';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { AddGraceRuleDialog } from './AddGraceRuleDialog';
import { MarksEntryPage } from './MarksEntryPage';
import { RevalWindowDialog } from './RevalWindowDialog';
import { callsTo, exam, server, startServer } from './test-server';

/**
 * The exam cell's small forms (the revaluation window in rupees sent as paise, a grace rule) and
 * the faculty's choice of exam on the marks desk, against a scripted server.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(el: ReactNode, at = '/') {
  const router = createMemoryRouter([{ path: '/', element: el }], { initialEntries: [at] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('revaluation window', () => {
  it('sends the fees typed in rupees as paise, with the categories that pay less', async () => {
    startServer([ROLES.EXAMINATION]);
    server.answers['PUT /api/exams/1/revaluation-settings'] = { body: { message: 'Requests are open until 2026-12-31' } };
    const onClose = vi.fn();
    show(<RevalWindowDialog exam={exam} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Recounting fee'), { target: { value: 'five hundred' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter an amount in rupees up to ₹1,00,000, e.g. 500 or 1250.50');
    expect(screen.getByText(/the last day for requests/)).toBeTruthy();
    expect(callsTo('PUT', '/api/exams/1/revaluation-settings')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Last day for requests/), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByLabelText('Recounting fee'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Photocopy fee'), { target: { value: '1,000.50' } });
    fireEvent.change(screen.getByLabelText('Revaluation fee'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'SC' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'ST' }));
    fireEvent.change(screen.getByLabelText('Reduced by (%)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('PUT', '/api/exams/1/revaluation-settings')[0]!.body).toEqual({
      revalCloses: '2026-12-31',
      recountFeePaise: 50000,
      photocopyFeePaise: 100050,
      revalFeePaise: 100000,
      reducedCategories: ['SC', 'ST'],
      reducedPercent: 50,
    });
  }, 15_000);
});

describe('grace rule', () => {
  it("shows the schema's messages, then sends the rule", async () => {
    startServer([ROLES.EXAMINATION]);
    server.answers['POST /api/grace-rules'] = { body: { message: 'Grace rule "Pass grace" added', id: 3 } };
    const onClose = vi.fn();
    show(<AddGraceRuleDialog open onClose={onClose} />);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'PG' } });
    fireEvent.change(screen.getByLabelText(/Most marks/), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await screen.findByText('Name the rule (3 characters or more)');
    await screen.findByText('Choose what the grace is for: to pass, or to reach a class');
    await screen.findByText('Grace is at most 20 marks');
    expect(callsTo('POST', '/api/grace-rules')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Pass grace' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Grace for/ }));
    fireEvent.click(screen.getByRole('option', { name: 'To pass' }));
    fireEvent.change(screen.getByLabelText(/Most marks/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/In at most/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('POST', '/api/grace-rules')[0]!.body).toEqual({
      name: 'Pass grace',
      purpose: 'pass',
      maxMarks: 5,
      maxSubjects: 1,
      active: true,
    });
  }, 15_000);
});

describe('marks desk', () => {
  const summary = (id: number, name: string, status: string) => ({ id, name, status });
  it('offers exams taking marks and published ones; a published exam leaves only revaluation to evaluate', async () => {
    startServer([ROLES.FACULTY]);
    server.answers['GET /api/exams?status=marks_entry'] = { body: [summary(1, 'Regular November 2026', 'marks_entry')] };
    server.answers['GET /api/exams?status=published'] = { body: [summary(2, 'Regular May 2026', 'published')] };
    server.answers['GET /api/exams/2/marks/internal/sections'] = { body: { items: [] } };
    server.answers['GET /api/revaluation-requests'] = { body: { items: [], total: 0, limit: 50, page: 1 } };
    show(<MarksEntryPage />, '/?exam=2&part=evaluation');
    await screen.findByText('No script is waiting for revaluation.');
    expect(screen.queryByText('Enter by dummy number')).toBeNull();
    const asked = server.calls.filter((c) => c.path === '/api/exams').map((c) => c.query.status);
    expect(asked.sort()).toEqual(['marks_entry', 'published']);
    expect(callsTo('GET', '/api/revaluation-requests')[0]!.query).toEqual({
      examId: '2',
      status: 'requested',
      kind: 'revaluation',
      page: '1',
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Exam' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose the exam', 'Regular November 2026', 'Regular May 2026 (published: revaluation)']);
  }, 15_000);
});
