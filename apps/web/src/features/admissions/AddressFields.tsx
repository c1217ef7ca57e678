import { memo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Box, Checkbox, FormControlLabel, Grid, TextField, Typography } from '@mui/material';
import type { AdmissionField, TAdmissionForm } from './admission-form';

const ADDRESSES = ['permanentAddress', 'presentAddress'] as const;

/**
 * The long form's addresses; 'same as permanent' copies the permanent address and keeps it in step.
 * Watches only the two addresses, so typing in them re-renders this block alone.
 */
export const AddressFields = memo(function AddressFields({
  control,
  same,
  onValue,
  onSame,
}: {
  control: Control<TAdmissionForm>;
  same: boolean;
  onValue: (name: AdmissionField, value: string) => void;
  onSame: (same: boolean) => void;
}) {
  const [permanent, present] = useWatch({ control, name: ADDRESSES, exact: true });
  const onPermanent = (v: string) => onValue('permanentAddress', v);
  const onPresent = (v: string) => onValue('presentAddress', v);
  return (
    <Box component="section" aria-label="Address">
      <Typography variant="subtitle1" fontWeight={700} gutterBottom>
        Address
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            size="small"
            id="long-permanentAddress"
            label="Permanent Address"
            value={permanent}
            onChange={(e) => {
              onPermanent(e.target.value);
              if (same) onPresent(e.target.value);
            }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={same}
                onChange={(e) => {
                  onSame(e.target.checked);
                  onPresent(e.target.checked ? permanent : '');
                }}
              />
            }
            label="Present address same as permanent address"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            size="small"
            id="long-presentAddress"
            label="Present Address"
            value={present}
            disabled={same}
            onChange={(e) => onPresent(e.target.value)}
          />
        </Grid>
      </Grid>
    </Box>
  );
});
