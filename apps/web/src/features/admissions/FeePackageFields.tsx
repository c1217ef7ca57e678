import { memo } from 'react';
import type { Control } from 'react-hook-form';
import { Box, Grid, Stack, Typography } from '@mui/material';
import { FEE_PACKAGE, type AdmissionField, type TAdmissionForm } from './admission-form';
import { WatchedAdmissionField } from './WatchedAdmissionField';

/** The fee package rows of the short form (colleges with a fee package only); each amount watches its own value. */
export const FeePackageFields = memo(function FeePackageFields({
  control,
  onChange,
}: {
  control: Control<TAdmissionForm>;
  onChange: (name: AdmissionField, value: string) => void;
}) {
  return (
    <Box sx={{ mt: 3 }} data-testid="fee-package">
      <Typography variant="subtitle1" fontWeight={700} gutterBottom>
        Fee Package
      </Typography>
      <Grid container spacing={1}>
        {FEE_PACKAGE.map((row) => (
          <Grid size={12} key={row.year}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Typography sx={{ minWidth: 70 }} fontWeight={600}>
                {row.year}
              </Typography>
              {row.fields.map((f) => (
                <Box key={f.name} sx={{ flex: 1 }}>
                  <WatchedAdmissionField control={control} field={f} idPrefix="adm" onValue={onChange} />
                </Box>
              ))}
            </Stack>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
});
