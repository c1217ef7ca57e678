import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { TChildOverview, TStudentAttendance } from '@erp/shared';
import { rupees, STANDING_LABELS } from './format';

export function Panel(props: { title: string; testId?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" data-testid={props.testId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="subtitle1" component="h3" fontWeight={700}>
            {props.title}
          </Typography>
          {props.action}
        </Stack>
        {props.children}
      </CardContent>
    </Card>
  );
}

const Stat = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography fontWeight={600}>{value}</Typography>
  </Box>
);

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 };

/** The panels of one student's day: attendance, results, fees, library, hostel and bus, certificates. */
export function SummaryPanels({ c, parent }: { c: TChildOverview; parent?: boolean }) {
  const a = c.attendance;
  return (
    <Box sx={grid} data-testid="summary-panels">
      <Panel title="Attendance" testId="panel-attendance">
        {a ? (
          <>
            <Typography variant="h5" fontWeight={700}>
              {a.percent.toFixed(2)}%
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, a.percent)}
              color={a.standing === 'eligible' ? 'success' : a.standing === 'condonable' ? 'warning' : 'error'}
              sx={{ my: 1, height: 8, borderRadius: 4 }}
            />
            {a.standing !== 'eligible' ? (
              <Alert severity={a.standing === 'detained' ? 'error' : 'warning'} sx={{ py: 0 }}>
                {STANDING_LABELS[a.standing] ?? a.standing}: below {a.shortBelow}%.{' '}
                {a.needed > 0 && `Attend the next ${a.needed} classes to reach ${a.shortBelow}%.`}
              </Alert>
            ) : (
              <Typography color="text.secondary">{a.held} classes held so far</Typography>
            )}
          </>
        ) : (
          <Typography color="text.secondary">{parent ? 'Not shared by the student' : 'No classes yet'}</Typography>
        )}
      </Panel>
      <Panel title="Results" testId="panel-results">
        {c.results ? (
          <Stack direction="row" spacing={4}>
            <Stat label="CGPA" value={c.results.cgpa.toFixed(2)} />
            <Stat
              label="Backlogs"
              value={<Chip size="small" color={c.results.activeBacklogs ? 'warning' : 'success'} label={c.results.activeBacklogs} />}
            />
          </Stack>
        ) : (
          <Typography color="text.secondary">Not shared by the student</Typography>
        )}
      </Panel>
      <Panel title="Fees" testId="panel-fees">
        <Stat label="Due now" value={c.fees.due ? `${rupees(c.fees.due)} (${c.fees.items})` : 'Nothing due'} />
      </Panel>
      <Panel title="Library" testId="panel-library">
        <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
          <Stat label="Books out" value={c.library.loans} />
          <Stat label="Overdue" value={c.library.overdue} />
          <Stat label="Holds" value={c.library.holds} />
          <Stat label="Fines" value={rupees(c.library.fines)} />
        </Stack>
      </Panel>
      <Panel title="Hostel and transport" testId="panel-campus">
        <Stack spacing={1}>
          <Stat label="Room" value={c.hostel.room ?? 'No hostel room'} />
          {c.hostel.outpassesPending > 0 && <Stat label="Out-passes waiting" value={c.hostel.outpassesPending} />}
          <Stat label="Bus pass" value={c.busPass ? `${c.busPass.passNo} · ${c.busPass.route} · ${c.busPass.stop}` : 'No bus pass'} />
        </Stack>
      </Panel>
      {!parent && (
        <Panel title="Certificates" testId="panel-certificates">
          <Stack direction="row" spacing={3}>
            <Stat label="Waiting" value={c.certificates.pending} />
            <Stat label="Ready" value={c.certificates.ready} />
          </Stack>
        </Panel>
      )}
    </Box>
  );
}

/** Attendance by subject: a table's worth of cards that stack on a phone. */
export function AttendanceBySubject({ a }: { a: TStudentAttendance }) {
  return (
    <Stack spacing={1.5}>
      <Typography>
        Overall <b>{a.percent.toFixed(2)}%</b> ({a.attended} of {a.held}) · {STANDING_LABELS[a.standing] ?? a.standing}
      </Typography>
      {a.standing !== 'eligible' && (
        <Alert severity={a.standing === 'detained' ? 'error' : 'warning'}>
          Attendance below {a.shortBelow}%: attend the next {a.needed} classes to reach it. Below {a.detainBelow}% a student is detained.
        </Alert>
      )}
      {a.subjects.length === 0 && <Typography color="text.secondary">No classes recorded yet.</Typography>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }}>
        {a.subjects.map((s) => (
          <Card key={s.subjectId} variant="outlined" data-testid="subject-attendance">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" justifyContent="space-between" spacing={1}>
                <Typography fontWeight={600}>
                  {s.subjectCode} {s.subjectName}
                </Typography>
                <Typography fontWeight={700} color={s.percent < a.shortBelow ? 'error.main' : 'success.main'}>
                  {s.percent.toFixed(1)}%
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {s.attended} of {s.held} attended{s.medical ? ` · ${s.medical} medical` : ''}
                {s.needed > 0 ? ` · needs ${s.needed} more` : ''}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
