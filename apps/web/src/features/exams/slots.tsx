import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { QueryState } from '../../components/QueryState';
import { useExams, useMyExams } from './api';
import { EXAMS_PATHS } from './paths';

/** The exam cell's panel: exams still before their results, and the way to them. */
function ExamCellExamsPanel() {
  const exams = useExams({});
  const running = exams.data?.filter((e) => e.status !== 'published') ?? [];
  return (
    <Box data-testid="exams-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Exams
      </Typography>
      <QueryState query={exams} height={32}>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {running.length === 0 ? 'No exam under way.' : `${running.length} under way: ${running.map((e) => e.name).join(', ')}.`}
        </Typography>
      </QueryState>
      <Button component={RouterLink} to={EXAMS_PATHS.list} variant="contained" size="small">
        Exams
      </Button>
    </Box>
  );
}

/** The principal's panel: the exams whose shortages may be condoned now, each leading to its eligibility list. */
function PrincipalExamsPanel() {
  const exams = useExams({});
  // condonations are decided while registration is open or hall tickets are being issued
  const deciding = exams.data?.filter((e) => e.status === 'registration' || e.status === 'hall_tickets') ?? [];
  return (
    <Box data-testid="principal-exams-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Exams: attendance condonation
      </Typography>
      <QueryState query={exams} height={32}>
        {deciding.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            No exam is taking condonations now.
          </Typography>
        ) : (
          <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
            {deciding.map((e) => (
              <li key={e.id}>
                <Link component={RouterLink} to={`${EXAMS_PATHS.exam(e.id)}?tab=eligibility`}>
                  {e.name}
                </Link>
              </li>
            ))}
          </Box>
        )}
      </QueryState>
      <Button component={RouterLink} to={EXAMS_PATHS.list} variant="outlined" size="small">
        All exams
      </Button>
    </Box>
  );
}

/** The student's panel: an exam open to register for, or the hall ticket to download. */
function StudentExamsPanel() {
  const mine = useMyExams();
  const open = mine.data?.open.length ?? 0;
  const tickets = mine.data?.registered.filter((e) => e.hallTicket).length ?? 0;
  return (
    <Box data-testid="my-exams-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Exams
      </Typography>
      <QueryState query={mine} height={32}>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {open ? `${open} open for registration. ` : ''}
          {tickets ? `Hall ticket ready for ${tickets}.` : open ? '' : 'Your registrations, timetable and hall tickets.'}
        </Typography>
      </QueryState>
      <Button component={RouterLink} to={EXAMS_PATHS.mine} variant="outlined" size="small">
        My exams
      </Button>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role (collected by app/slots.tsx). */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.EXAMINATION]: [ExamCellExamsPanel],
  [ROLES.PRINCIPAL]: [PrincipalExamsPanel],
  [ROLES.STUDENT]: [StudentExamsPanel],
};
