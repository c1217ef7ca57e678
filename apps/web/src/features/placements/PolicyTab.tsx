import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ZPlacementSettings, type TPlacementSettings } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { usePolicy, useSavePolicy } from './api';
import { rupees } from './format';

const policyName = (p: TPlacementSettings['offerPolicy']) => (p === 'one' ? 'one offer per student' : 'a second dream offer');

/** What changed between two versions of the policy, in words. */
export function describeChange(before: TPlacementSettings | null, after: TPlacementSettings): string {
  if (!before)
    return `Set: ${policyName(after.offerPolicy)}, dream CTC ${rupees(after.dreamCtcRupees)}, no-show bar ${after.noShowBarDrives} drives`;
  const parts: string[] = [];
  if (before.offerPolicy !== after.offerPolicy)
    parts.push(`offers: ${policyName(before.offerPolicy)} → ${policyName(after.offerPolicy)}`);
  if (before.dreamCtcRupees !== after.dreamCtcRupees)
    parts.push(`dream CTC ${rupees(before.dreamCtcRupees)} → ${rupees(after.dreamCtcRupees)}`);
  if (before.noShowBarDrives !== after.noShowBarDrives)
    parts.push(`no-show bar ${before.noShowBarDrives} → ${after.noShowBarDrives} drives`);
  return parts.join('; ') || 'No change';
}

/** The placement dean's offer policy: one offer, or a second dream offer above a CTC; the no-show bar. */
export function PolicyTab({ canEdit }: { canEdit: boolean }) {
  const toast = useToast();
  const policy = usePolicy();
  const save = useSavePolicy();
  const form = useForm<TPlacementSettings>({
    resolver: zodResolver(ZPlacementSettings),
    defaultValues: { offerPolicy: 'dream', dreamCtcRupees: 1_000_000, noShowBarDrives: 2 },
  });
  const p = policy.data;
  useEffect(() => {
    if (p) form.reset({ offerPolicy: p.offerPolicy, dreamCtcRupees: p.dreamCtcRupees, noShowBarDrives: p.noShowBarDrives });
  }, [p, form]);
  const err = form.formState.errors;
  const offerPolicy = form.watch('offerPolicy');
  const dream = form.watch('dreamCtcRupees');
  const num = { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) };

  if (!p || policy.isError) return <QueryState query={policy} height={240} />;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent>
          <form
            noValidate
            aria-label="Offer policy"
            onSubmit={form.handleSubmit((v) => save.mutate(v, { onSuccess: () => toast.success('Placement policy saved') }))}
          >
            <Stack spacing={2.5}>
              <Typography variant="h6" component="h2">
                Offer policy
              </Typography>
              <Typography color="text.secondary" data-testid="policy-now">
                In force: {policyName(p.offerPolicy)}
                {p.offerPolicy === 'dream' ? ` at or above ${rupees(p.dreamCtcRupees)} CTC` : ''}; a no-show is barred from the
                next {p.noShowBarDrives} drives.
              </Typography>
              <Controller
                name="offerPolicy"
                control={form.control}
                render={({ field }) => (
                  <FormControl disabled={!canEdit}>
                    <FormLabel id="offer-policy-label">Offers a student may hold</FormLabel>
                    <RadioGroup aria-labelledby="offer-policy-label" {...field}>
                      <FormControlLabel value="one" control={<Radio />} label="One offer per student" />
                      <FormControlLabel
                        value="dream"
                        control={<Radio />}
                        label="One offer, and a second “dream” offer at or above a CTC"
                      />
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <TextField
                type="number"
                label="Dream offer CTC (₹ per annum)"
                disabled={!canEdit || offerPolicy !== 'dream'}
                {...form.register('dreamCtcRupees', num)}
                error={!!err.dreamCtcRupees}
                helperText={
                  err.dreamCtcRupees?.message ??
                  (offerPolicy === 'dream' && Number(dream) > 0
                    ? `${rupees(Number(dream))}: a student placed below it may take one more offer at or above it`
                    : 'Used only with the dream offer policy')
                }
              />
              <TextField
                type="number"
                label="No-show bar (drives)"
                disabled={!canEdit}
                {...form.register('noShowBarDrives', num)}
                error={!!err.noShowBarDrives}
                helperText={
                  err.noShowBarDrives?.message ??
                  'A student who applied and did not turn up may not apply to this many next drives of their batch'
                }
              />
              {offerPolicy === 'one' && p.offerPolicy === 'dream' && p.studentsWithTwoOffers > 0 && (
                <Alert severity="info" data-testid="two-offers-note">
                  {p.studentsWithTwoOffers} {p.studentsWithTwoOffers === 1 ? 'student already holds' : 'students already hold'}{' '}
                  two offers; they keep them. The new policy applies to offers recorded from now on.
                </Alert>
              )}
              {save.isError && <Alert severity="error">{save.error.message}</Alert>}
              {canEdit ? (
                <Box>
                  <Button type="submit" variant="contained" disabled={save.isPending || !form.formState.isDirty}>
                    Save policy
                  </Button>
                </Box>
              ) : (
                <Alert severity="info">Only the placement dean changes the policy.</Alert>
              )}
            </Stack>
          </form>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Changes
          </Typography>
          {p.history.length === 0 ? (
            <Typography color="text.secondary">No changes recorded yet.</Typography>
          ) : (
            <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Policy changes">
              {p.history.map((h) => (
                <Box component="li" key={h.at} data-testid="policy-change">
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(h.at)} · {h.by}
                  </Typography>
                  <Typography>{describeChange(h.before, h.after)}</Typography>
                </Box>
              ))}
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            An offer that breaks the policy is refused with the reason, and the drive’s eligible list says why a placed student is
            not listed.
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
