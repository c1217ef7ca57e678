import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RESULT_MSG, ROLES, type TInternalSheet, type TMyExam } from '@erp/shared';
import { EvaluationDesk } from './EvaluationDesk';
import { InternalMarksSheet } from './InternalMarksSheet';
import { MyResults } from './MyResults';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { callsTo, server, startServer } from './test-server';

/**
 * The faculty's marks desk and the student's results against a scripted server: marks are checked
 * by the shared schema and the paper's maximum before they are sent, evaluators work by dummy
 * number only, and a student's request says what it costs.
 */
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

const sheet = (extra: Partial<TInternalSheet> = {}): TInternalSheet => ({
  paperId: 11,
  sectionId: 2,
  paper: 'CS301 Compilers',
  section: 'CSE-A',
  cieMax: 30,
  locked: false,
  lockedBy: '',
  moderationReason: '',
  rows: [
    { rollNo: '22A91A0501', name: 'Asha', marks: 25, originalMarks: null, fromAssessments: 24.2 },
    { rollNo: '22A91A0502', name: 'Bhanu', marks: null, originalMarks: null, fromAssessments: 18.6 },
    { rollNo: '22A91A0503', name: 'Chitra', marks: null, originalMarks: null, fromAssessments: null },
  ],
  ...extra,
});
const marksOf = (roll: string) => screen.getByLabelText(`Marks of ${roll}`) as HTMLInputElement;

describe('internal marks sheet', () => {
  it('prefills empty marks from the assessments, checks the maximum, and sends only what is filled', async () => {
    startServer([ROLES.FACULTY]);
    server.answers['PUT /api/exams/1/marks/internal'] = [
      { status: 400, body: { message: RESULT_MSG.notInSection('22A91A0501') } },
      { body: { message: 'Marks of 2 students saved', count: 2 } },
    ];
    show(<InternalMarksSheet examId={1} sheet={sheet()} mayEnter mayLock={false} />);
    expect(marksOf('22A91A0501').value).toBe('25');
    expect(marksOf('22A91A0502').value).toBe('19');
    expect(marksOf('22A91A0503').value).toBe('');
    expect(screen.getByTestId('sheet-summary').textContent).toContain('1 filled from the assessments, not saved yet');
    // a faculty member does not lock
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();

    fireEvent.change(marksOf('22A91A0501'), { target: { value: '31' } });
    fireEvent.change(marksOf('22A91A0503'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    await screen.findByText(RESULT_MSG.overMax('22A91A0501', 30));
    await screen.findByText('Marks cannot be negative');
    expect(callsTo('PUT', '/api/exams/1/marks/internal')).toHaveLength(0);

    fireEvent.change(marksOf('22A91A0501'), { target: { value: '28' } });
    fireEvent.change(marksOf('22A91A0503'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    // the server's refusal lands beside the roll number it names, and above the sheet
    const row = await screen.findByTestId('marks-22A91A0501');
    await within(row).findByText(RESULT_MSG.notInSection('22A91A0501'));
    expect(screen.getByTestId('sheet-error').textContent).toBe(RESULT_MSG.notInSection('22A91A0501'));
    expect(callsTo('PUT', '/api/exams/1/marks/internal')[0]!.body).toEqual({
      paperId: 11,
      sectionId: 2,
      marks: [
        { rollNo: '22A91A0501', marks: 28 },
        { rollNo: '22A91A0502', marks: 19 },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save marks' }));
    await screen.findByText('Marks of 2 students saved');
  }, 15_000);

  it('fills every row from the assessments on request, and lets the HoD lock only what is saved', async () => {
    startServer([ROLES.HOD]);
    server.answers['POST /api/exams/1/marks/internal/lock'] = { body: { message: 'CS301 CSE-A locked', count: 3 } };
    const saved = sheet({
      rows: sheet().rows.map((r) => ({ ...r, marks: r.rollNo === '22A91A0503' ? 10 : r.rollNo === '22A91A0502' ? 18 : 25 })),
    });
    show(<InternalMarksSheet examId={1} sheet={saved} mayEnter mayLock />);
    const lock = screen.getByRole('button', { name: 'Lock' });
    expect(lock.hasAttribute('disabled')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Fill from assessments' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fill' }));
    await vi.waitFor(() => expect(marksOf('22A91A0501').value).toBe('24'));
    expect(marksOf('22A91A0502').value).toBe('19');
    expect(marksOf('22A91A0503').value).toBe('10');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Lock' }).hasAttribute('disabled')).toBe(true);
  }, 15_000);

  it('shows a colleague’s section to the HoD read-only, with Lock and no Save', async () => {
    startServer([ROLES.HOD]);
    show(<InternalMarksSheet examId={1} sheet={sheet()} mayEnter={false} mayLock />);
    expect(marksOf('22A91A0501').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save marks' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
  });

  it('shows a locked sheet read-only with who locked it', async () => {
    startServer([ROLES.HOD]);
    show(<InternalMarksSheet examId={1} sheet={sheet({ locked: true, lockedBy: 'hod.cse' })} mayEnter={false} mayLock />);
    expect(screen.getByTestId('sheet-locked').textContent).toContain(`${RESULT_MSG.locked} (hod.cse)`);
    expect(marksOf('22A91A0501').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save marks' })).toBeNull();
  });
});

describe('evaluation by dummy number', () => {
  const script = (dummyNo: string, state: string, yourMarks: number | null = null) => ({
    dummyNo,
    paper: 'CS301 Compilers',
    state,
    yourMarks,
    firstMarks: null,
    secondMarks: null,
  });
  it('saves one script typed by its dummy number, and a list of pending scripts, showing what agrees and differs', async () => {
    startServer([ROLES.FACULTY]);
    server.answers['GET /api/exams/1/marks/internal/sections'] = { body: { items: [] } };
    server.answers['GET /api/exams/1/marks/external'] = {
      body: {
        seeMax: 70,
        items: [script('48213377', 'pending'), script('59120044', 'first')],
        total: 2,
        limit: 100,
        page: 1,
        counts: { pending: 1, first: 1, agreed: 0, mismatch: 0 },
      },
    };
    server.answers['PUT /api/exams/1/marks/external'] = [
      { status: 400, body: { message: RESULT_MSG.noScript('11112222') } },
      {
        body: {
          message: 'Marks of 2 scripts saved; 1 differ from the other entry: 59120044',
          saved: 2,
          agreed: 0,
          mismatched: ['59120044'],
        },
      },
    ];
    show(<EvaluationDesk examId={1} />);
    const list = await screen.findByTestId('evaluate-48213377');
    expect(screen.getByRole('table', { name: 'Scripts to evaluate' }).textContent).not.toMatch(/22A91A/);
    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.path === '/api/exams/1/marks/external')?.query.state).toBe('pending'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter the dummy number');
    fireEvent.change(screen.getByLabelText('Dummy no'), { target: { value: '11112222' } });
    fireEvent.change(screen.getByLabelText('Marks'), { target: { value: '71' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(RESULT_MSG.overMax('11112222', 70));
    fireEvent.change(screen.getByLabelText('Marks'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('quick-error')).textContent).toBe(RESULT_MSG.noScript('11112222'));
    expect(callsTo('PUT', '/api/exams/1/marks/external')[0]!.body).toEqual({ entries: [{ dummyNo: '11112222', marks: 45 }] });

    fireEvent.change(within(list).getByLabelText('Marks of script 48213377'), { target: { value: '52' } });
    fireEvent.change(screen.getByLabelText('Marks of script 59120044'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('save-typed'));
    expect((await screen.findByTestId('external-saved')).textContent).toContain('1 differ from the other entry: 59120044');
    expect(callsTo('PUT', '/api/exams/1/marks/external')[1]!.body).toEqual({
      entries: [
        { dummyNo: '48213377', marks: 52 },
        { dummyNo: '59120044', marks: 40 },
      ],
    });
  }, 15_000);
});

describe("the student's results", () => {
  const published = { examId: 1, name: 'B.Tech Regular November 2026', status: 'published', papers: [] } as unknown as TMyExam;
  const writing = { examId: 2, name: 'Supplementary May 2027', status: 'in_progress', papers: [] } as unknown as TMyExam;
  it('lists grades of published exams only, asks for a revaluation and says its fee is a due, and checks the ABC id', async () => {
    startServer([ROLES.STUDENT]);
    server.answers['GET /api/exams/1/results'] = {
      body: {
        processedAt: '2026-12-20',
        publishedAt: '2026-12-24',
        title: published.name,
        items: [
          {
            rollNo: '22A91A0501',
            name: 'Asha',
            paperId: 11,
            courseCode: 'CS301',
            course: 'Compilers',
            credits: 3,
            internal: 22,
            external: 20,
            grace: 0,
            graceRule: '',
            total: 42,
            grade: 'C',
            gradePoints: 6,
            status: 'Pass',
            withheldReason: '',
          },
        ],
        total: 1,
        limit: 100,
        page: 1,
        counts: {},
      },
    };
    server.answers['GET /api/revaluation-requests'] = { body: { items: [], total: 0, limit: 50, page: 1 } };
    server.answers['POST /api/revaluation-requests'] = [
      { status: 409, body: { message: RESULT_MSG.windowClosed } },
      { body: { message: 'Revaluation of CS301 requested', id: 4, feePaise: 75000 } },
    ];
    server.answers['GET /api/me/abc-id'] = { body: { message: 'No ABC id recorded yet', abcId: '' } };
    server.answers['PUT /api/me/abc-id'] = { body: { message: 'ABC id saved', abcId: '123456789012' } };
    show(<MyResults exams={[published, writing]} rollNo="22A91A0501" />);

    const grade = await screen.findByTestId('my-grade-CS301');
    expect(grade.textContent).toContain('C');
    expect(screen.queryByTestId('my-result-2')).toBeNull();
    expect(server.calls.some((c) => c.path === '/api/exams/2/results')).toBe(false);
    await screen.findByText('You have made no request.');

    fireEvent.click(within(grade).getByRole('button', { name: 'Request' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    await within(dialog).findByText('Choose recounting, a photocopy or revaluation');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /What you ask for/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Revaluation' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect((await screen.findByTestId('request-reval-error')).textContent).toBe(RESULT_MSG.windowClosed);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Request' }));
    expect((await screen.findByTestId('reval-fee')).textContent).toContain(
      'Fee ₹750.00: a charge on your fees, paid like your other dues',
    );
    expect(callsTo('POST', '/api/revaluation-requests')[1]!.body).toEqual({ examId: 1, paperId: 11, kind: 'revaluation' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    const abc = screen.getByLabelText('ABC id');
    fireEvent.change(abc, { target: { value: '1111 1111 1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(RESULT_MSG.abcId);
    fireEvent.change(abc, { target: { value: '1234-5678-9012' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('abc-saved')).textContent).toBe('Saved: 123456789012');
    expect(callsTo('PUT', '/api/me/abc-id')[0]!.body).toEqual({ abcId: '123456789012' });
  }, 20_000);
});
