import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { ZOfferCreate, type TApplication, type TDrive } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useMakeOffer } from './api';
import { ddmmyyyy, rupees } from './format';

type OfferForm = { driveId: number; rollNo: string; role: string; ctcRupees?: number; joiningDate?: string };

/**
 * Recording an offer: the role, CTC and joining date (checked by the shared schema), then a
 * confirmation naming the student and the terms; the answer says who recorded it.
 */
export function MakeOfferDialog({ drive, applicant, onClose }: { drive: TDrive; applicant: TApplication; onClose: () => void }) {
  const toast = useToast();
  const offer = useMakeOffer();
  const [confirming, setConfirming] = useState<OfferForm | null>(null);
  const form = useForm<OfferForm>({
    resolver: zodResolver(ZOfferCreate) as never,
    defaultValues: {
      driveId: drive.id,
      rollNo: applicant.rollNo,
      role: drive.roles.split(',')[0]?.trim() ?? '',
      ctcRupees: drive.ctcRupees,
      joiningDate: '',
    },
  });
  const err = form.formState.errors;
  const record = () =>
    confirming &&
    offer.mutate(confirming, {
      onSuccess: (o) => {
        toast.success(`Offer recorded for ${o.rollNo} by ${o.decidedBy || 'you'}`);
        onClose();
      },
    });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="make-offer-title">
      <DialogTitle id="make-offer-title">{`Offer to ${applicant.name} (${applicant.rollNo})`}</DialogTitle>
      {!confirming ? (
        <form onSubmit={form.handleSubmit((v) => setConfirming(v))} noValidate>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField
                label="Role offered"
                required
                {...form.register('role')}
                error={!!err.role}
                helperText={err.role?.message}
              />
              <TextField
                label="CTC (₹ per annum)"
                type="number"
                required
                {...form.register('ctcRupees', { valueAsNumber: true })}
                error={!!err.ctcRupees}
                helperText={err.ctcRupees?.message ?? `The drive announced ${rupees(drive.ctcRupees)}`}
              />
              <TextField
                label="Joining date"
                type="date"
                {...form.register('joiningDate')}
                error={!!err.joiningDate}
                helperText={err.joiningDate?.message ?? 'Leave empty if the company has not said'}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained">
              Next
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogContent>
            <Typography data-testid="offer-confirm">
              {`Record an offer from ${drive.company} to ${applicant.name} (${applicant.rollNo}): ${confirming.role}, ${rupees(
                confirming.ctcRupees ?? drive.ctcRupees,
              )} a year${confirming.joiningDate ? `, joining ${ddmmyyyy(confirming.joiningDate)}` : ''}?`}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The offer counts towards the student's offers under the placement policy; it is recorded in your name.
            </Typography>
            {offer.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {offer.error.message}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => (offer.reset(), setConfirming(null))}>Back</Button>
            <Button variant="contained" disabled={offer.isPending} onClick={record}>
              Record offer
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
