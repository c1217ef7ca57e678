import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Paper, Typography } from '@mui/material';
import { placementStatusLabel, type TDrive } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { openLetter, useApply, useDrives, useMyPlacements } from './api';
import { DriveRules } from './DriveRules';
import { ddmmyyyy, lpa, rupees } from './format';
import { HigherStudiesCard } from './HigherStudiesCard';

function DriveCard({ d }: { d: TDrive }) {
  const toast = useToast();
  const apply = useApply();
  const [resume, setResume] = useState<File | null>(null);
  return (
    <Card sx={{ borderRadius: 3 }} data-testid={`drive-${d.id}`}>
      <CardContent>
        <Typography variant="caption" color="text.secondary">
          {ddmmyyyy(d.driveDate)} · {d.location}
        </Typography>
        <Typography variant="h6">{d.company}</Typography>
        <Typography>
          {d.roles} · {lpa(d.ctcRupees)}
        </Typography>
        {d.bondMonths > 0 && (
          <Typography variant="body2" color="text.secondary">
            {`Bond ${d.bondMonths} months`}
          </Typography>
        )}
        <DriveRules rules={d.rules} dense />
        {d.applied ? (
          <Chip label={`Applied · ${d.applicationStatus?.replace('_', ' ')}`} color="success" variant="outlined" />
        ) : d.eligible ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" component="label" size="small">
              {resume ? resume.name : 'Resume (PDF)'}
              <input
                hidden
                type="file"
                accept="application/pdf,.pdf"
                data-testid={`resume-${d.id}`}
                onChange={(e) => setResume(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Button
              variant="contained"
              size="small"
              disabled={apply.isPending}
              onClick={() =>
                apply.mutate(
                  { driveId: d.id, resume },
                  { onSuccess: () => toast.success(`Applied to ${d.company}`), onError: (e) => toast.error(e.message) },
                )
              }
            >
              Apply
            </Button>
          </Box>
        ) : (
          <Alert severity="info" sx={{ py: 0 }}>
            Not eligible: {d.reasons?.join('; ')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** A student's placements: standing, drives of their batch (apply or why not), applications and offers. */
export function StudentPlacementsPage() {
  const toast = useToast();
  const me = useMyPlacements();
  const drives = useDrives();
  const today = new Date().toISOString().slice(0, 10);
  if (!me.data || me.isError) return <QueryState query={me} height={300} />;
  if (!drives.data || drives.isError) return <QueryState query={drives} height={300} />;
  const upcoming = drives.data.filter((d) => d.driveDate >= today);
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 } }}>
        Placements
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {me.data.name} · CGPA {me.data.cgpa.toFixed(2)} · active backlogs {me.data.activeBacklogs}
      </Typography>
      {me.data.offers.length > 0 && (
        <Paper sx={{ p: 2, mb: 2, borderRadius: 3 }} data-testid="my-offers">
          <Typography variant="h6">Offers</Typography>
          {me.data.offers.map((o) => (
            <Typography key={o.id}>
              {o.company} · {rupees(o.ctcRupees)} per annum{o.dream ? ' (dream offer)' : ''}
              {o.joiningDate ? ` · joining ${ddmmyyyy(o.joiningDate)}` : ''}
              {o.hasLetter && (
                <Button size="small" onClick={() => openLetter(o.id).catch((e: Error) => toast.error(e.message))}>
                  Offer letter
                </Button>
              )}
            </Typography>
          ))}
        </Paper>
      )}
      <Typography variant="h6" sx={{ mb: 1 }}>
        Upcoming drives
      </Typography>
      {upcoming.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No upcoming drives for your batch.
        </Typography>
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, mb: 3 }}
        >
          {upcoming.map((d) => (
            <DriveCard key={d.id} d={d} />
          ))}
        </Box>
      )}
      <HigherStudiesCard />
      <Typography variant="h6" sx={{ mb: 1 }}>
        My applications
      </Typography>
      {me.data.applications.length === 0 ? (
        <Typography color="text.secondary">You have not applied to any drive yet.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1 }} data-testid="my-applications">
          {me.data.applications.map((a) => (
            <Paper key={a.id} sx={{ p: 1.5, borderRadius: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {a.company} · {ddmmyyyy(a.driveDate)} · {placementStatusLabel(a.status)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {a.rounds.map((r) => `${r.name}: ${r.result.replace('_', ' ')}`).join(' · ') || 'Rounds not held yet'}
                {a.offerCtcRupees != null ? ` · offer ${rupees(a.offerCtcRupees)}` : ''}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
