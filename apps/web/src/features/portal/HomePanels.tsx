import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { DAYS, GRIEVANCE_STATUS_LABELS, formatWholeRupees, type TGrievanceStatus, type TSlot } from '@erp/shared';
import { useMyDrives, useMyGrievances, useMyTimetable } from './api';
import { QueryState } from '../../components/QueryState';
import { Panel } from './components';
import { dmy } from './format';

/** Monday 1 … Saturday 6 (Sunday 0: no classes), by the calendar in India. */
export function todayInIndia(now = new Date()): { day: number; iso: string } {
  const ist = new Date(now.getTime() + 330 * 60_000);
  return { day: ist.getUTCDay(), iso: ist.toISOString().slice(0, 10) };
}

const byPeriod = (a: TSlot, b: TSlot) => a.period - b.period;

function DaySlots({ slots }: { slots: TSlot[] }) {
  return (
    <Stack component="ol" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {slots.sort(byPeriod).map((s) => (
        <Stack component="li" key={`${s.day}-${s.period}`} direction="row" spacing={1} alignItems="baseline" data-testid="today-slot">
          <Chip size="small" label={`P${s.period}`} sx={{ minWidth: 40 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography fontWeight={600} noWrap title={`${s.subjectCode} ${s.subjectName}`}>
              {s.subjectCode} {s.subjectName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {s.kind === 'lab' ? 'Lab · ' : ''}
              {s.facultyName}
            </Typography>
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/** Today's classes, or the week at a glance. */
export function TimetablePanel() {
  const tt = useMyTimetable();
  const [view, setView] = useState<'today' | 'week'>('today');
  const { day } = todayInIndia();
  const slots = tt.data?.slots ?? [];
  const today = slots.filter((s) => s.day === day);
  return (
    <Panel
      title="Timetable"
      testId="panel-timetable"
      action={
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v) => v && setView(v)} aria-label="Timetable view">
          <ToggleButton value="today">Today</ToggleButton>
          <ToggleButton value="week">This week</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <QueryState query={tt} height={140}>
        {slots.length === 0 ? (
          <Typography color="text.secondary">No timetable has been published for your section yet.</Typography>
        ) : view === 'today' ? (
          today.length === 0 ? (
            <Typography color="text.secondary">{day === 0 ? 'Sunday: no classes.' : 'No classes today.'}</Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {DAYS[day - 1]} · {today.length} {today.length === 1 ? 'period' : 'periods'}
              </Typography>
              <DaySlots slots={today} />
            </>
          )
        ) : (
          <Stack spacing={1} data-testid="week-view">
            {DAYS.map((name, i) => {
              const own = slots.filter((s) => s.day === i + 1).sort(byPeriod);
              return (
                <Box key={name} sx={{ display: 'grid', gridTemplateColumns: '44px minmax(0, 1fr)', gap: 1 }}>
                  <Typography fontWeight={i + 1 === day ? 700 : 500} color={i + 1 === day ? 'primary' : undefined}>
                    {name.slice(0, 3)}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {own.length ? own.map((s) => `${s.period}·${s.subjectCode}`).join('  ') : '—'}
                  </Typography>
                </Box>
              );
            })}
          </Stack>
        )}
      </QueryState>
      <Button component={RouterLink} to="/app/Academics/Timetable" size="small" sx={{ mt: 1, px: 0 }}>
        Full timetable
      </Button>
    </Panel>
  );
}

const applicationColour = (s: string | null | undefined) =>
  s === 'selected' ? 'success' : s === 'rejected' || s === 'no_show' ? 'error' : 'info';
const lakhs = (rupees: number) => `${Math.round(rupees / 1000) / 100} LPA`;

/** Drives open to the student and where their applications stand. */
export function PlacementsPanel() {
  const drives = useMyDrives();
  const { iso } = todayInIndia();
  const all = drives.data ?? [];
  const open = all.filter((d) => d.driveDate >= iso && d.eligible && !d.applied).sort((a, b) => a.driveDate.localeCompare(b.driveDate));
  const applied = all.filter((d) => d.applied).sort((a, b) => b.driveDate.localeCompare(a.driveDate));
  return (
    <Panel title="Placements" testId="panel-placements">
      <QueryState query={drives} height={140}>
        {all.length === 0 ? (
          <Typography color="text.secondary">No placement drives for your batch yet.</Typography>
        ) : (
          <Stack spacing={1.5}>
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                Open to you ({open.length})
              </Typography>
              {open.length === 0 ? (
                <Typography color="text.secondary">No upcoming drive you are eligible for.</Typography>
              ) : (
                open.slice(0, 3).map((d) => (
                  <Typography key={d.id} data-testid="open-drive" noWrap title={`${d.company} · ${d.roles}`}>
                    <b>{d.company}</b> · {dmy(d.driveDate)} · {lakhs(d.ctcRupees)}
                  </Typography>
                ))
              )}
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                My applications ({applied.length})
              </Typography>
              {applied.length === 0 ? (
                <Typography color="text.secondary">You have not applied to a drive yet.</Typography>
              ) : (
                applied.slice(0, 4).map((d) => (
                  <Stack key={d.id} direction="row" spacing={1} alignItems="center" justifyContent="space-between" data-testid="my-application">
                    <Typography noWrap sx={{ minWidth: 0 }}>
                      {d.company} · {formatWholeRupees(d.ctcRupees)}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={applicationColour(d.applicationStatus)}
                      label={(d.applicationStatus ?? 'applied').replace('_', ' ')}
                    />
                  </Stack>
                ))
              )}
            </Box>
          </Stack>
        )}
      </QueryState>
      <Button component={RouterLink} to="/app/placements/student" size="small" sx={{ mt: 1, px: 0 }}>
        All drives and offers
      </Button>
    </Panel>
  );
}

export const grievanceStatusColour = (s: string): 'default' | 'info' | 'warning' | 'success' | 'error' =>
  s === 'submitted' ? 'info' : s === 'resolved' ? 'success' : s === 'rejected' ? 'error' : s === 'acknowledged' ? 'default' : 'warning';
export const grievanceStatusLabel = (s: string) => GRIEVANCE_STATUS_LABELS[s as TGrievanceStatus] ?? s;

/** The student's open grievances and where each stands. */
export function GrievancesPanel() {
  const list = useMyGrievances(true);
  const items = list.data?.items ?? [];
  return (
    <Panel title="Grievances" testId="panel-grievances">
      <QueryState query={list} height={100}>
        {items.length === 0 ? (
          <Typography color="text.secondary">No open grievances.</Typography>
        ) : (
          <Stack spacing={1}>
            {items.slice(0, 4).map((g) => (
              <Stack key={g.id} direction="row" spacing={1} alignItems="center" justifyContent="space-between" data-testid="open-grievance">
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    component={RouterLink}
                    to={`/app/grievance-redressal/${g.id}`}
                    fontWeight={600}
                    noWrap
                    sx={{ display: 'block', color: 'inherit' }}
                  >
                    {g.subject}
                  </Typography>
                  <Typography variant="body2" color={g.overdue ? 'error' : 'text.secondary'}>
                    {g.number} · {g.overdue ? 'overdue since' : 'decision due'} {dmy(g.dueOn)}
                  </Typography>
                </Box>
                <Chip size="small" color={grievanceStatusColour(g.status)} label={grievanceStatusLabel(g.status)} />
              </Stack>
            ))}
            {items.length > 4 && <Typography variant="body2">and {items.length - 4} more</Typography>}
          </Stack>
        )}
      </QueryState>
      <Button component={RouterLink} to="/app/grievance-redressal" size="small" sx={{ mt: 1, px: 0 }}>
        Lodge or follow a grievance
      </Button>
    </Panel>
  );
}

/** The student's day beside the summary: timetable, placements and grievances. */
export function HomePanels() {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}
      data-testid="home-panels"
    >
      <TimetablePanel />
      <PlacementsPanel />
      <GrievancesPanel />
    </Box>
  );
}
