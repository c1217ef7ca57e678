import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { ROLES, type TStudentAttendance } from '@erp/shared';
import { getSessionUser } from '../../lib/session';
import { useStudentAttendance } from './api';
import { QueryState } from '../../components/QueryState';

const STANDING: Record<string, { label: string; color: 'success' | 'warning' | 'error' }> = {
  eligible: { label: 'Eligible', color: 'success' },
  condonable: { label: 'Condonable', color: 'warning' },
  detained: { label: 'Detained: no hall ticket', color: 'error' },
};

export function AttendanceSummary({ data }: { data: TStudentAttendance }) {
  const s = STANDING[data.standing];
  return (
    <Box>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="h6">{`${data.name} (${data.rollNo})`}</Typography>
              <Typography color="text.secondary">{data.sectionLabel || 'No section yet'}</Typography>
            </Box>
            <Typography variant="h4" fontWeight={700} data-testid="overall-percent">{`${data.percent}%`}</Typography>
            <Chip color={s.color} label={s.label} />
          </Stack>
          <Typography sx={{ mt: 1 }}>
            {data.needed > 0
              ? `Attend the next ${data.needed} classes in a row to reach ${data.shortBelow}%.`
              : `At or above ${data.shortBelow}%: ${data.attended} of ${data.held} classes attended.`}
          </Typography>
        </CardContent>
      </Card>
      <Stack spacing={1}>
        {data.subjects.map((sub) => (
          <Card key={sub.subjectId} variant="outlined">
            <CardContent sx={{ py: 1.5 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography fontWeight={700}>{`${sub.subjectCode} ${sub.subjectName}`}</Typography>
                <Typography fontWeight={700}>{`${sub.percent}%`}</Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, sub.percent)}
                color={sub.percent >= data.shortBelow ? 'success' : sub.percent >= data.detainBelow ? 'warning' : 'error'}
                sx={{ my: 1, height: 8, borderRadius: 4 }}
              />
              <Typography variant="body2" color="text.secondary">
                {`${sub.attended} of ${sub.held} attended${sub.medical ? `, ${sub.medical} medical` : ''}${sub.needed > 0 ? ` · ${sub.needed} more in a row to reach ${data.shortBelow}%` : ''}`}
              </Typography>
            </CardContent>
          </Card>
        ))}
        {data.subjects.length === 0 && <Alert severity="info">No classes have been marked yet.</Alert>}
      </Stack>
    </Box>
  );
}

export function StudentAttendancePage() {
  const user = getSessionUser();
  const isStudent = Boolean(user?.roles.includes(ROLES.STUDENT));
  const [input, setInput] = useState('');
  const [roll, setRoll] = useState(isStudent ? (user?.username ?? '') : '');
  const q = useStudentAttendance(roll);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 2 }}>
        {isStudent ? 'My attendance' : 'Student attendance'}
      </Typography>
      {!isStudent && (
        <Stack
          direction="row"
          spacing={1}
          component="form"
          sx={{ mb: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            setRoll(input.trim().toUpperCase());
          }}
        >
          <TextField size="small" label="Roll number" value={input} onChange={(e) => setInput(e.target.value)} />
          <Button type="submit" variant="contained">
            Show
          </Button>
        </Stack>
      )}
      <QueryState spinner query={q}>
        {q.data && <AttendanceSummary data={q.data} />}
      </QueryState>
    </Box>
  );
}
