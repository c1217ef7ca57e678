import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Breadcrumbs, Button, Link, Tab, Tabs, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { EXAM_CELL_ROLES, EXAM_MSG, type TExam, type TExamStatus } from '@erp/shared';
import { can, useCan } from '../../lib/authorization';
import { getSessionUser } from '../../lib/session';
import { errorText } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useExam, useUpdateExam } from './api';
import { ddmmyyyy, nextStatus, statusLabel } from './format';
import { EXAMS_PATHS } from './paths';
import { ExamStatusChip } from './StatusChip';
import { EXAM_TABS } from './tabs';

/** The exam's name, state, dates and the one step it may take next. */
function ExamHeader({ exam }: { exam: TExam }) {
  const mayEdit = useCan(EXAM_CELL_ROLES);
  const update = useUpdateExam(exam.id);
  const confirm = useConfirm();
  const toast = useToast();
  const next = nextStatus(exam.status);
  // registration may go back to draft (to change fees or semesters) while nobody has registered
  const backToDraft = exam.status === 'registration' && exam.registrations === 0;
  const move = async (to: TExamStatus) => {
    const ok = await confirm({
      title: `Move to "${statusLabel(to)}"?`,
      text:
        to === 'draft'
          ? `${exam.name} closes registration and goes back to a draft.`
          : `${exam.name} moves from "${statusLabel(exam.status)}" to "${statusLabel(to)}". It cannot move back.`,
      confirmText: 'Move',
    });
    if (!ok) return;
    try {
      await update.mutateAsync({ status: to });
      toast.success(`${exam.name} is now "${statusLabel(to)}"`);
    } catch {
      /* shown below the header with the server's message */
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      {/* a phone has no room for the exam's name twice: only the way back */}
      <Breadcrumbs sx={{ mb: 1, display: { xs: 'none', sm: 'flex' } }}>
        <Link component={RouterLink} to={EXAMS_PATHS.list}>
          Exams
        </Link>
        <Typography color="text.primary">{exam.name}</Typography>
      </Breadcrumbs>
      <Link
        component={RouterLink}
        to={EXAMS_PATHS.list}
        sx={{ mb: 1, display: { xs: 'inline-flex', sm: 'none' }, alignItems: 'center' }}
      >
        <ArrowBack fontSize="small" sx={{ mr: 0.5 }} />
        Exams
      </Link>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 30 }, overflowWrap: 'anywhere' }}>
            {exam.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <ExamStatusChip status={exam.status} />
            <Typography variant="body2" color="text.secondary">
              {exam.kind === 'regular' ? 'Regular' : 'Supplementary'} · {exam.regulation} ·{' '}
              {exam.semesters.map((s) => s.name).join(', ')} · {ddmmyyyy(exam.startsOn)} to {ddmmyyyy(exam.endsOn)} · registration
              closes {ddmmyyyy(exam.registrationCloses)}
            </Typography>
          </Box>
        </Box>
        {mayEdit && (next || backToDraft) && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {backToDraft && (
              <Button variant="outlined" onClick={() => move('draft')} disabled={update.isPending}>
                Back to draft
              </Button>
            )}
            {next && (
              <Button variant="contained" endIcon={<ArrowForward />} onClick={() => move(next)} loading={update.isPending}>
                Move to {statusLabel(next)}
              </Button>
            )}
          </Box>
        )}
      </Box>
      {update.error && (
        <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => update.reset()} data-testid="status-error">
          {errorText(update.error)}
        </Alert>
      )}
    </Box>
  );
}

/** /app/exams/:id: the exam's header and its tabs (?tab= keeps the one open across a reload). */
export function ExamPage() {
  const id = Number(useParams().id);
  const exam = useExam(Number.isInteger(id) ? id : 0);
  const [params, setParams] = useSearchParams();
  const user = getSessionUser();
  const tabs = EXAM_TABS.filter((t) => !t.roles || can(user, t.roles));
  const open = tabs.find((t) => t.key === params.get('tab')) ?? tabs[0]!;
  if (!(id > 0 && Number.isInteger(id))) return <Alert severity="error">{EXAM_MSG.notFound}</Alert>;
  return (
    <QueryState query={exam} what="the exam" spinner>
      {exam.data && (
        <Box>
          <ExamHeader exam={exam.data} />
          <Tabs
            value={open.key}
            onChange={(_e, key: string) => setParams({ tab: key }, { replace: true })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Exam sections"
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
          >
            {tabs.map((t) => (
              <Tab key={t.key} value={t.key} label={t.label} id={`exam-tab-${t.key}`} aria-controls={`exam-panel-${t.key}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`exam-panel-${open.key}`} aria-labelledby={`exam-tab-${open.key}`}>
            {open.element(exam.data)}
          </Box>
        </Box>
      )}
    </QueryState>
  );
}
