import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { CappedNotice } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import type { THostelApplication } from '@erp/shared';
import { useApplications, useRejectApplication } from './api';
import { AllotDialog } from './AllotmentDialogs';
import { QueryState } from '../../components/QueryState';
import { dmy } from './format';
import { HostelNav } from './HostelNav';
import { ReasonDialog } from './ReasonDialog';

/** Applications waiting for a bed: allot one (gender-checked) or refuse with a reason. */
export function RegistrationPage() {
  const apps = useApplications('PENDING');
  const toast = useToast();
  const reject = useRejectApplication();
  const [allotFor, setAllotFor] = useState<THostelApplication | 'walk-in' | null>(null);
  const [rejecting, setRejecting] = useState<THostelApplication | null>(null);
  const a = allotFor === 'walk-in' ? null : allotFor;
  return (
    <Box>
      <HostelNav title="Registration" />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Pending applications {apps.data ? `(${apps.data.total})` : ''}
        </Typography>
        <Button variant="contained" onClick={() => setAllotFor('walk-in')}>
          Allot by roll number
        </Button>
      </Stack>
      <QueryState query={apps}>
        {apps.data?.items.length === 0 && <Typography color="text.secondary">No applications are waiting.</Typography>}
        <Stack spacing={1.5}>
          <CappedNotice
            shown={apps.data?.items.length ?? 0}
            total={apps.data?.total}
            hint="the earliest first; allot or reject them to see the rest"
          />
          {apps.data?.items.map((p) => (
            <Card key={p.id} variant="outlined" data-testid="application">
              <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 220 }}>
                  <Typography fontWeight={700}>
                    {p.name}{' '}
                    <Typography component="span" color="text.secondary">
                      {p.rollNo}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {p.branch} · {p.gender === 'FEMALE' ? 'Girl' : 'Boy'} · {p.academicYear} · applied {dmy(p.createdAt)}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }} useFlexGap flexWrap="wrap">
                    {p.preferredBuilding && <Chip size="small" label={p.preferredBuilding} />}
                    {p.preferredSharing && <Chip size="small" label={`${p.preferredSharing}-sharing`} />}
                    {p.prefersAc && <Chip size="small" label="AC" />}
                    <Chip size="small" variant="outlined" label={`Parent ${p.guardianName} ${p.guardianMobile}`} />
                  </Stack>
                  {p.notes && <Typography variant="body2">{p.notes}</Typography>}
                </Box>
                <Button variant="contained" onClick={() => setAllotFor(p)}>
                  Allot
                </Button>
                <Button color="error" onClick={() => setRejecting(p)}>
                  Reject
                </Button>
              </CardContent>
            </Card>
          ))}
        </Stack>
      </QueryState>
      <AllotDialog
        open={allotFor !== null}
        onClose={() => setAllotFor(null)}
        rollNo={a?.rollNo}
        gender={a?.gender}
        applicationId={a?.id}
      />
      <ReasonDialog
        title={rejecting ? `Reject ${rejecting.name}'s application` : null}
        onClose={() => setRejecting(null)}
        onSubmit={async (note) => {
          await reject.mutateAsync({ _id: rejecting!.id, note });
          toast.success('Application rejected');
        }}
      />
    </Box>
  );
}
