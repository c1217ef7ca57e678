import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { ACCOUNTS_PATHS, portalEndpoints, ROLES, type TMyExam, type TMyExams } from '@erp/shared';
import { useCan } from '../../lib/authorization';
import { useEndpointQuery } from '../../lib/endpoints';
import { DataTable, errorText } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useMyExams, useRegister } from './api';
import { ddmmyyyy, rupees, sessionLabel } from './format';
import { MyResults } from './grading/MyResults';
import { HallTicketLink } from './HallTicketLink';
import { ExamStatusChip } from './StatusChip';

type OpenExam = TMyExams['open'][number];
type MyPaper = TMyExam['papers'][number];

/** An exam open for registration: the student ticks the backlogs to write with it and registers. */
function OpenExamCard({ exam }: { exam: OpenExam }) {
  const toast = useToast();
  const register = useRegister(exam.examId);
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (code: string) => setChosen((c) => (c.includes(code) ? c.filter((x) => x !== code) : [...c, code]));
  const submit = async () => {
    try {
      const r = await register.mutateAsync({ backlogs: chosen.length ? chosen : undefined });
      toast.success(r.message);
    } catch {
      /* shown on the card */
    }
  };
  return (
    <Card variant="outlined" data-testid={`open-exam-${exam.examId}`}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" fontWeight={700}>
          {exam.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Registration closes {ddmmyyyy(exam.registrationCloses)}. Your regular papers are registered with it; the exam fee is
          added to your fees.
        </Typography>
        {exam.backlogs.length > 0 ? (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
            <Typography component="legend" variant="subtitle2">
              Backlogs to write with this exam
            </Typography>
            <FormGroup row>
              {exam.backlogs.map((code) => (
                <FormControlLabel
                  key={code}
                  control={<Checkbox checked={chosen.includes(code)} onChange={() => toggle(code)} />}
                  label={code}
                />
              ))}
            </FormGroup>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ mb: 1 }}>
            You have no backlogs to add.
          </Typography>
        )}
        {register.error && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="register-error">
            {errorText(register.error)}
          </Alert>
        )}
        <Button variant="contained" onClick={submit} loading={register.isPending}>
          Register{chosen.length ? ` with ${chosen.length} backlog${chosen.length > 1 ? 's' : ''}` : ''}
        </Button>
      </CardContent>
    </Card>
  );
}

const PAPER_COLUMNS = [
  { key: 'code', header: 'Code', nowrap: true },
  { key: 'name', header: 'Subject' },
  { key: 'kind', header: 'Kind', value: (p: MyPaper) => (p.kind === 'backlog' ? 'Backlog' : 'Regular') },
  { key: 'date', header: 'Date', nowrap: true, value: (p: MyPaper) => (p.date ? ddmmyyyy(p.date) : 'Not set yet') },
  { key: 'session', header: 'Session', value: (p: MyPaper) => sessionLabel(p.session) },
  { key: 'room', header: 'Room', value: (p: MyPaper) => p.room ?? '—' },
  { key: 'seatNo', header: 'Seat', value: (p: MyPaper) => p.seatNo ?? '—' },
];

const REG_LABEL = { registered: 'Registered, waiting for verification', verified: 'Verified', cancelled: 'Cancelled' } as const;

/** One exam the student is registered for: fee, gates, papers with room and seat, the hall ticket. */
function RegisteredExamCard({ exam, rollNo }: { exam: TMyExam; rollNo: string }) {
  // on a phone each paper is a card titled by its code and subject
  const phone = useMediaQuery('(max-width:599.95px)');
  return (
    <Card variant="outlined" data-testid={`my-exam-${exam.examId}`}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" fontWeight={700} sx={{ flexGrow: 1 }}>
            {exam.name}
          </Typography>
          <ExamStatusChip status={exam.status} />
        </Box>
        <Stack spacing={1} sx={{ mb: 1.5 }}>
          <Typography variant="body2">
            Registration: <b>{REG_LABEL[exam.registration]}</b>
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {exam.feePaise === 0 ? (
                'No exam fee'
              ) : (
                <>
                  Exam fee {rupees(exam.feePaise)} ·{' '}
                  {exam.feeDuePaise > 0 ? <b data-testid="fee-due">due {rupees(exam.feeDuePaise)}</b> : 'paid'}
                </>
              )}
            </Typography>
            {exam.feeDuePaise > 0 && (
              <Button size="small" variant="outlined" component={RouterLink} to={ACCOUNTS_PATHS.myFees}>
                Pay fees
              </Button>
            )}
          </Box>
          {exam.eligible ? (
            <Box>
              <Chip size="small" color="success" label="Eligible for the hall ticket" />
            </Box>
          ) : (
            <Alert severity="warning" data-testid="my-reasons">
              Your hall ticket is withheld:
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {exam.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </Box>
            </Alert>
          )}
          {exam.hallTicket && (
            <Box>
              <HallTicketLink examId={exam.examId} rollNo={rollNo} />
            </Box>
          )}
        </Stack>
        <DataTable
          label={`Papers of ${exam.name}`}
          columns={phone ? PAPER_COLUMNS.slice(2) : PAPER_COLUMNS}
          rows={exam.papers}
          loading={false}
          rowKey={(p) => p.code}
          cardTitle={(p) => `${p.code} · ${p.name}`}
          emptyText="No papers registered."
          paging={false}
        />
      </CardContent>
    </Card>
  );
}

/** A parent's children, to choose whose exams to see (the portal's overview names them). */
function useChildren(enabled: boolean) {
  return useEndpointQuery(portalEndpoints.overview, {}, { enabled });
}

/**
 * /app/Student/Exams: exams open to register for, and the registered exams with papers, room, seat
 * and the hall ticket. A parent sees a child's (a switcher when there are several) and registers nothing.
 */
export function MyExamsPage() {
  const isParent = useCan([ROLES.PARENT]);
  const isStudent = useCan([ROLES.STUDENT]);
  const parent = isParent && !isStudent;
  const children = useChildren(parent).data?.children ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const child = parent ? (children.find((c) => c.studentId === chosen) ?? children[0]) : undefined;
  const mine = useMyExams(child?.studentId);
  const waiting = parent && !child;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 32 } }}>
        {parent ? (child ? `${child.name}'s exams` : 'Exams') : 'My exams'}
      </Typography>
      {parent && children.length > 1 && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={child?.studentId}
          onChange={(_e, v) => v && setChosen(v)}
          aria-label="Choose a child"
        >
          {children.map((c) => (
            <ToggleButton key={c.studentId} value={c.studentId} sx={{ textTransform: 'none' }}>
              {c.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {waiting ? null : (
        <QueryState query={mine} what="the exams">
          {mine.data && (
            <>
              {!parent && (
                <Box component="section" aria-labelledby="open-exams">
                  <Typography id="open-exams" variant="h6" component="h2" sx={{ mb: 1 }}>
                    Open for registration
                  </Typography>
                  {mine.data.open.length === 0 ? (
                    <Typography color="text.secondary">No exam is open for you to register now.</Typography>
                  ) : (
                    <Stack spacing={1.5}>
                      {mine.data.open.map((e) => (
                        <OpenExamCard key={e.examId} exam={e} />
                      ))}
                    </Stack>
                  )}
                </Box>
              )}
              <Box component="section" aria-labelledby="registered-exams">
                <Typography id="registered-exams" variant="h6" component="h2" sx={{ mb: 1 }}>
                  Registered
                </Typography>
                {mine.data.registered.length === 0 ? (
                  <Typography color="text.secondary">
                    {parent ? `${mine.data.student.name} is not registered for any exam.` : 'You are not registered for any exam.'}
                  </Typography>
                ) : (
                  <Stack spacing={1.5}>
                    {mine.data.registered.map((e) => (
                      <RegisteredExamCard key={e.examId} exam={e} rollNo={mine.data.student.rollNo} />
                    ))}
                  </Stack>
                )}
              </Box>
              {!parent && <MyResults exams={mine.data.registered} rollNo={mine.data.student.rollNo} />}
            </>
          )}
        </QueryState>
      )}
    </Box>
  );
}
