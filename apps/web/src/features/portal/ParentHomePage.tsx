import { useState } from 'react';
import { Alert, Box, Button, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useAttendance, useCampus, useFees, useOverview, useResults } from './api';
import { QueryState } from '../../components/QueryState';
import { AttendanceBySubject, Panel, SummaryPanels } from './components';
import { CampusView, FeesView, ResultsView } from './detail';
import { ParentGrievances } from './ParentGrievances';

const TABS = ['Summary', 'Attendance', 'Results', 'Fees', 'Campus', 'Grievances'] as const;
type TabName = (typeof TABS)[number];

/** The student's choice not to share marks or attendance is news, not a fault. */
const refusalSeverity = (e: Error | null) => (/not to share/.test(e?.message ?? '') ? 'info' : 'error');

function ChildDetail({
  studentId,
  tab,
  hideMarks,
  hideAttendance,
  child,
}: {
  studentId: number;
  tab: TabName;
  hideMarks: boolean;
  hideAttendance: boolean;
  child: { studentId: number; name: string };
}) {
  const results = useResults(studentId, tab === 'Results' && !hideMarks);
  const attendance = useAttendance(studentId, tab === 'Attendance' && !hideAttendance);
  const fees = useFees(studentId);
  const campus = useCampus(studentId);
  if (tab === 'Results')
    return hideMarks ? <Alert severity="info">The student has chosen not to share marks.</Alert> : <QueryState query={results} errorSeverity={refusalSeverity(results.error)}>{results.data && <ResultsView r={results.data} />}</QueryState>;
  if (tab === 'Attendance')
    return hideAttendance ? (
      <Alert severity="info">The student has chosen not to share attendance.</Alert>
    ) : (
      <QueryState query={attendance} errorSeverity={refusalSeverity(attendance.error)}>{attendance.data && <AttendanceBySubject a={attendance.data} />}</QueryState>
    );
  if (tab === 'Grievances') return <ParentGrievances child={child} />;
  if (tab === 'Fees') return <QueryState query={fees}>{fees.data && <FeesView f={fees.data} parent />}</QueryState>;
  return <QueryState query={campus}>{campus.data && <CampusView c={campus.data} />}</QueryState>;
}

/** The parent's home: one child at a time (a switcher when there are several), each with their panels. */
export function ParentHomePage() {
  const o = useOverview();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [chosen, setChosen] = useState<number | null>(null);
  const [tab, setTab] = useState<TabName>('Summary');
  const children = o.data?.children ?? [];
  const child = children.find((c) => c.studentId === chosen) ?? children[0];
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Typography variant="h5" component="h1" fontWeight={700}>
        Parent Home
      </Typography>
      <QueryState query={o}>
        {children.length === 0 ? (
          <Alert severity="info">No student is linked to this login yet. Ask the college office, or register with your child's roll number.</Alert>
        ) : (
          <>
            {children.length > 1 && (
              <ToggleButtonGroup
                exclusive
                value={child.studentId}
                onChange={(_e, v) => v && setChosen(v)}
                aria-label="Choose a child"
                orientation={phone ? 'vertical' : 'horizontal'}
                fullWidth={phone}
                data-testid="child-switcher"
              >
                {children.map((c) => (
                  <ToggleButton key={c.studentId} value={c.studentId} sx={{ textTransform: 'none' }}>
                    {c.name} ({c.rollNo})
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
            <Box>
              <Typography variant="h6" data-testid="child-name">
                {child.name}
              </Typography>
              <Typography color="text.secondary">
                {child.rollNo} · {child.course} {child.branch} · Semester {child.semester}, section {child.section}
              </Typography>
            </Box>
            <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
              {TABS.map((t) => (
                <Tab key={t} value={t} label={t} />
              ))}
            </Tabs>
            {tab === 'Summary' ? (
              <Stack spacing={2}>
                <SummaryPanels c={child} parent />
                <Panel title="Something wrong?">
                  <Typography sx={{ mb: 1 }}>You can lodge a grievance with the college; the committee answers within the time the regulations set.</Typography>
                  <Button onClick={() => setTab('Grievances')} variant="outlined" size="small">
                    Grievances about {child.name}
                  </Button>
                </Panel>
              </Stack>
            ) : (
              <ChildDetail
                key={child.studentId}
                studentId={child.studentId}
                tab={tab}
                hideMarks={child.privacy.hideMarks}
                hideAttendance={child.privacy.hideAttendance}
                child={child}
              />
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
