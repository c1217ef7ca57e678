import { useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { ALLOCATION_ROLES, ROLES, academicYear } from '@erp/shared';
import { AllocationPanel } from './AllocationPanel';
import { TimetableEditor } from './TimetableEditor';
import { WeekGrid } from './WeekGrid';
import { getSessionUser } from '../../lib/session';
import { useMasterList, useTimetable } from './api';
import { QueryState } from '../../components/QueryState';

/** A section's week (days × periods), or the signed-in faculty member's or student's own. */
export function TimetablePage() {
  const roles = getSessionUser()?.roles ?? [];
  const planner = roles.some((r) => [ROLES.ADMIN, ROLES.ACADEMICS, ROLES.HOD, ROLES.PRINCIPAL].includes(r as never));
  const canPlan = roles.some((r) => (ALLOCATION_ROLES as string[]).includes(r));
  const [section, setSection] = useState<number | 'me'>('me');
  const [tab, setTab] = useState<'week' | 'allocation'>('week');
  const [editing, setEditing] = useState(false);
  const [year, setYear] = useState(academicYear());
  const sections = useMasterList('sections', { pageSize: 500 }, planner);
  const week = useTimetable(section);
  return (
    <Box>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 2 }}>
        Timetable
      </Typography>
      {planner && (
        <TextField
          select
          size="small"
          label="Section"
          value={section}
          onChange={(e) => {
            setSection(e.target.value === 'me' ? 'me' : Number(e.target.value));
            setEditing(false);
          }}
          sx={{ mb: 2, mr: 2, minWidth: 240 }}
        >
          <MenuItem value="me">My week</MenuItem>
          {(sections.data?.items ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {String(s.label)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {canPlan && section !== 'me' && (
        <TextField
          size="small"
          label="Academic year"
          value={year}
          onChange={(e) => setYear(e.target.value)}
          sx={{ mb: 2, width: 150 }}
        />
      )}
      {canPlan && section !== 'me' && (
        <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }}>
          <Tab value="week" label="Week" />
          <Tab value="allocation" label="Subject allocation" />
        </Tabs>
      )}
      {canPlan && section !== 'me' && tab === 'allocation' && <AllocationPanel sectionId={section} academicYear={year} />}
      {canPlan && section !== 'me' && tab === 'week' && week.data && editing && (
        <TimetableEditor sectionId={section} academicYear={year} week={week.data} onDone={() => setEditing(false)} />
      )}
      {(tab === 'week' || section === 'me') && !editing && (
        <TimetableView
          week={week}
          section={section}
          roles={roles}
          canEdit={canPlan && section !== 'me'}
          onEdit={() => setEditing(true)}
        />
      )}
    </Box>
  );
}

function TimetableView({
  week,
  section,
  roles,
  canEdit,
  onEdit,
}: {
  week: ReturnType<typeof useTimetable>;
  section: number | 'me';
  roles: string[];
  canEdit: boolean;
  onEdit: () => void;
}) {
  return (
    <Box>
      <QueryState spinner query={week}>
        {week.data && (
          <>
            <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
              <Typography color="text.secondary">{week.data.title}</Typography>
              {canEdit && (
                <Button size="small" variant="outlined" onClick={onEdit}>
                  Edit timetable
                </Button>
              )}
            </Stack>
            {week.data.slots.length === 0 && <Alert severity="info">No classes planned.</Alert>}
            <WeekGrid
              slots={week.data.slots}
              periods={week.data.periods}
              who={(s) => (section === 'me' && !roles.includes(ROLES.STUDENT) ? s.sectionLabel : s.facultyName)}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}
