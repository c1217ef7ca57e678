import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { PATHS, type TApplicationStatus } from '@erp/shared';
import { PublicShell } from '../../components/common';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useApplicationStatus } from './api';

const LOOK = {
  pending: { label: 'Under review', color: 'warning', text: 'The admissions office has your application and will review it soon.' },
  accepted: { label: 'Accepted', color: 'success', text: 'Your application has been accepted. Welcome!' },
  rejected: { label: 'Not accepted', color: 'error', text: 'The admissions office could not accept this application.' },
} as const;

/** /apply/status: the applicant checks an application with its number and the date of birth. */
export function ApplicationStatusPage() {
  const [params] = useSearchParams();
  const [number, setNumber] = useState(params.get('number') ?? '');
  const [dob, setDob] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const lookup = useApplicationStatus();
  const result: TApplicationStatus | undefined = lookup.data;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const message = !number.trim() ? 'Please enter the application number' : !dob ? 'Please enter the date of birth' : null;
    setMissing(message);
    if (!message) lookup.mutate({ number: number.trim(), dob });
  };
  const error = missing ?? (lookup.error ? (lookup.error instanceof ApiError ? lookup.error.message : 'The status could not be read. Please try again.') : null);

  return (
    <PublicShell maxWidth="sm">
      <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: 26, md: 32 }, mb: 1 }}>
        Application Status
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        Enter the application number you were given and the applicant's date of birth.
      </Typography>
      <Card sx={{ borderRadius: 3, mb: 3 }}>
        <CardContent component="form" noValidate onSubmit={onSubmit} aria-label="Check application status" sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <TextField
            label="Application Number"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            placeholder="APP-2026-00001"
            fullWidth
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <TextField
            label="Date of Birth"
            type="date"
            value={dob}
            onChange={(e) => setDob(e.target.value)}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {error && (
            <Alert severity="error" data-testid="status-error">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={lookup.isPending}>
            {lookup.isPending ? 'Checking…' : 'Check Status'}
          </Button>
        </CardContent>
      </Card>

      {result && !error && (
        <Card sx={{ borderRadius: 3 }} data-testid="application-status">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                {result.number}
              </Typography>
              <Chip label={LOOK[result.status].label} color={LOOK[result.status].color} data-testid="status-chip" />
            </Stack>
            <Typography sx={{ mb: 2 }}>{LOOK[result.status].text}</Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontWeight: 600 } }}>
              <dt>Applicant</dt>
              <dd>{result.name}</dd>
              <dt>Course</dt>
              <dd>{[result.course, result.branch].filter(Boolean).join(' / ')}</dd>
              <dt>Applied on</dt>
              <dd>{formatDate(result.submittedAt)}</dd>
              {result.decidedAt && (
                <>
                  <dt>Decided on</dt>
                  <dd>{formatDate(result.decidedAt)}</dd>
                </>
              )}
              {result.admissionNo && (
                <>
                  <dt>Admission No</dt>
                  <dd data-testid="admission-number">{result.admissionNo}</dd>
                </>
              )}
              {result.status === 'rejected' && result.reason && (
                <>
                  <dt>Reason</dt>
                  <dd>{result.reason}</dd>
                </>
              )}
            </Box>
          </CardContent>
        </Card>
      )}
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to={PATHS.applyOnline} size="small">
          Apply for admission
        </Button>
      </Box>
    </PublicShell>
  );
}
