import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RESULT_MSG, ROLES } from '@erp/shared';
import { ExamRulesDialog } from './ExamRulesDialog';
import { InternalProgress } from './InternalProgress';
import { OutcomeDialog } from './OutcomeDialog';
import { ResultsTab } from './ResultsTab';
import { ResultSteps } from './ResultSteps';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { callsTo, exam, server, startServer } from './test-server';

/**
 * The exam cell's screens after the exam against a scripted server: each step shows the server's
 * refusal in its words, forms show the shared schema's messages before anything is sent, and the
 * ledger asks the server for what the filters say.
 */
beforeEach(() => startServer([ROLES.EXAMINATION]));
afterEach(() => {
  cleanup();
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

const confirmIn = async (name: string) =>
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name }));

describe('decode, process, publish', () => {
  it("asks first, then shows the server's refusal, and the processing counts when it succeeds", async () => {
    server.answers['POST /api/exams/1/decode'] = { status: 409, body: { message: RESULT_MSG.notDecodable(12) } };
    server.answers['POST /api/exams/1/process'] = {
      body: { message: 'Results of 40 students processed', processed: 160, counts: { Pass: 150, Fail: 10 }, graceAwards: 3 },
    };
    show(<ResultSteps exam={exam} />);
    fireEvent.click(screen.getByTestId('step-decode'));
    await confirmIn('Decode');
    expect((await screen.findByTestId('step-error')).textContent).toContain(
      '12 answer scripts still need two entries that agree',
    );

    fireEvent.click(screen.getByTestId('step-process'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('POST', '/api/exams/1/process')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('step-process'));
    await confirmIn('Process');
    expect((await screen.findByTestId('step-result')).textContent).toContain('Results of 40 students processed');
    const counts = screen.getByTestId('process-counts').textContent;
    expect(counts).toContain('Pass: 150');
    expect(counts).toContain('Fail: 10');
    expect(counts).toContain('Grace awards: 3');
  }, 15_000);
});

describe('internal marks progress and moderation', () => {
  const section = (paperId: number, sectionId: number, locked: boolean) => ({
    paperId,
    sectionId,
    paper: 'CS301 Compilers',
    section: `CSE-${sectionId}`,
    faculty: 'Farida Rao',
    students: 60,
    entered: locked ? 60 : 42,
    locked,
    moderated: false,
  });
  it('offers moderation only on a locked section, with the schema messages, and sends the board its reason', async () => {
    server.answers['GET /api/exams/1/marks/internal/sections'] = {
      body: { items: [section(11, 1, true), section(11, 2, false)] },
    };
    server.answers['POST /api/exams/1/marks/internal/moderate'] = [
      { status: 409, body: { message: RESULT_MSG.notLocked } },
      { body: { message: 'Moderated 60 students', count: 60 } },
    ];
    show(<InternalProgress examId={1} />);
    const lockedRow = await screen.findByTestId('section-11-1');
    expect(within(screen.getByTestId('section-11-2')).queryByRole('button', { name: 'Moderate' })).toBeNull();
    expect(screen.getByTestId('internal-summary').textContent).toContain('1 of 2 sections locked');
    fireEvent.click(within(lockedRow).getByRole('button', { name: 'Moderate' }));

    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Marks to add/), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/), { target: { value: 'ok' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Moderate' }));
    await within(dialog).findByText('Add or take away at least one mark');
    await within(dialog).findByText('Give the moderation board’s reason (5 characters or more)');
    expect(callsTo('POST', '/api/exams/1/marks/internal/moderate')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Marks to add/), { target: { value: '-3' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/), { target: { value: 'Board meeting of 2 Dec: lenient paper' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Moderate' }));
    expect((await within(dialog).findByTestId('moderate-error')).textContent).toBe(RESULT_MSG.notLocked);
    expect(callsTo('POST', '/api/exams/1/marks/internal/moderate')[0]!.body).toEqual({
      paperId: 11,
      sectionId: 1,
      add: -3,
      reason: 'Board meeting of 2 Dec: lenient paper',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Moderate' }));
    await screen.findByText('Moderated 60 students');
  }, 15_000);
});

describe('exam rules', () => {
  it('starts empty when the regulation has none, and checks the minimums and the class lines', async () => {
    server.answers['GET /api/regulations/3/exam-rules'] = { status: 409, body: { message: RESULT_MSG.noRules } };
    server.answers['PUT /api/regulations/3/exam-rules'] = { body: { regulationId: 3 } };
    show(<ExamRulesDialog exam={exam} onClose={() => {}} />);
    await screen.findByTestId('no-rules');
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
    type('Internal maximum', '30');
    type('Internal minimum to pass', '40');
    type('External maximum', '70');
    type('External minimum to pass', '28');
    type('Total minimum (%)', '40');
    type('Threshold (marks)', '15');
    type('Distinction from', '7.5');
    type('First class from', '8');
    type('Second class from', '5.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText('The internal minimum cannot exceed its maximum');
    await screen.findByText('Class lines must fall: distinction ≥ first class ≥ second class');
    expect(callsTo('PUT', '/api/regulations/3/exam-rules')).toHaveLength(0);

    type('Internal minimum to pass', '12');
    type('First class from', '6.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await vi.waitFor(() => expect(callsTo('PUT', '/api/regulations/3/exam-rules')).toHaveLength(1));
    expect(callsTo('PUT', '/api/regulations/3/exam-rules')[0]!.body).toEqual({
      cieMax: 30,
      seeMax: 70,
      cieMin: 12,
      seeMin: 28,
      totalMinPercent: 40,
      supplyGradeCap: '',
      supplyRevaluation: false,
      revalRule: 'second_if_diff',
      revalThreshold: 15,
      distinctionCgpa: 7.5,
      firstClassCgpa: 6.5,
      secondClassCgpa: 5.5,
    });
  }, 15_000);
});

describe('results ledger', () => {
  const row = (rollNo: string, extra: object) => ({
    rollNo,
    name: `Student ${rollNo}`,
    paperId: 11,
    courseCode: 'CS301',
    course: 'Compilers',
    credits: 3,
    internal: 20,
    external: 18,
    grace: 0,
    graceRule: '',
    total: 38,
    grade: 'F',
    gradePoints: 0,
    status: 'Fail',
    withheldReason: '',
    ...extra,
  });
  it('shows grace with its rule and why a result is withheld, and asks the server for the filters', async () => {
    server.answers['GET /api/exams/1/results'] = {
      body: {
        processedAt: '2026-12-20T10:00:00.000Z',
        publishedAt: null,
        title: exam.name,
        items: [
          row('22A91A0501', { grace: 2, graceRule: 'Pass grace', total: 40, grade: 'E', gradePoints: 4, status: 'Pass' }),
          row('22A91A0502', { status: 'Withheld', grade: '', withheldReason: 'Malpractice enquiry pending' }),
        ],
        total: 2,
        limit: 100,
        page: 1,
        counts: { Pass: 1, Withheld: 1 },
      },
    };
    show(<ResultsTab exam={exam} />);
    const graced = await screen.findByTestId('result-22A91A0501-11');
    expect(graced.textContent).toContain('+2');
    expect(graced.textContent).toContain('Pass grace');
    expect(within(screen.getByTestId('result-22A91A0502-11')).getByTestId('withheld-reason').textContent).toBe(
      'Malpractice enquiry pending',
    );
    expect(screen.getByTestId('result-counts').textContent).toContain('Withheld: 1');
    expect(screen.getByTestId('results-state').textContent).toContain('Not published yet');
    expect(screen.getAllByRole('link', { name: /Grade card of 22A91A0501/ })[0]!.getAttribute('href')).toContain(
      '/api/exams/1/grade-cards/22A91A0501.pdf',
    );

    fireEvent.click(screen.getByRole('switch', { name: 'With grace only' }));
    await vi.waitFor(() => expect(server.calls.at(-1)!.query).toEqual({ grace: 'yes', page: '1' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Result' }));
    fireEvent.click(screen.getByRole('option', { name: 'Withheld' }));
    await vi.waitFor(() => expect(server.calls.at(-1)!.query).toEqual({ grace: 'yes', status: 'Withheld', page: '1' }));
  }, 15_000);
});

describe('revaluation outcome', () => {
  const request = {
    id: 9,
    examId: 1,
    exam: exam.name,
    rollNo: '22A91A0501',
    name: 'Asha',
    dummyNo: '48213377',
    paperId: 11,
    courseCode: 'CS301',
    course: 'Compilers',
    kind: 'revaluation' as const,
    feePaise: 100000,
    feeDuePaise: 0,
    status: 'requested' as const,
    oldMarks: 42,
    secondMarks: null,
    newMarks: null,
    oldGrade: 'C',
    newGrade: '',
    requestedAt: '2026-12-28',
    decidedAt: '',
    decidedBy: '',
  };
  it('needs whole marks from the second evaluation, then shows old → new marks and grade', async () => {
    server.answers['POST /api/revaluation-requests/9/outcome'] = {
      body: { message: 'Revalued: 42 → 50', oldMarks: 42, newMarks: 50, oldGrade: 'C', newGrade: 'B', changed: true },
    };
    show(<OutcomeDialog request={request} onClose={() => {}} />);
    expect((await screen.findByRole('dialog')).textContent).toContain('Fee ₹1,000.00, paid');
    fireEvent.click(screen.getByRole('button', { name: 'Record outcome' }));
    await screen.findByText(RESULT_MSG.marksNeeded);
    fireEvent.change(screen.getByLabelText(/Marks in the second evaluation/), { target: { value: '48.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record outcome' }));
    await screen.findByText('Marks must be a whole number');
    expect(callsTo('POST', '/api/revaluation-requests/9/outcome')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Marks in the second evaluation/), { target: { value: '58' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record outcome' }));
    expect((await screen.findByTestId('outcome-marks')).textContent).toBe('42 → 50');
    expect(screen.getByTestId('outcome-grade').textContent).toBe('C → B');
    expect(callsTo('POST', '/api/revaluation-requests/9/outcome')[0]!.body).toEqual({ marks: 58 });
  }, 15_000);

  it('records a photocopy given without marks', async () => {
    server.answers['POST /api/revaluation-requests/9/outcome'] = {
      body: { message: 'Photocopy given', oldMarks: 42, newMarks: 42, oldGrade: 'C', newGrade: 'C', changed: false },
    };
    show(<OutcomeDialog request={{ ...request, kind: 'photocopy' }} onClose={() => {}} />);
    expect(screen.queryByLabelText(/Marks/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Photocopy given' }));
    expect((await screen.findByTestId('outcome-result')).textContent).toBe('Photocopy given');
    expect(callsTo('POST', '/api/revaluation-requests/9/outcome')[0]!.body).toEqual({});
  }, 15_000);
});
