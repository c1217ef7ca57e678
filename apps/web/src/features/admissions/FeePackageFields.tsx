import { Box, Grid, Stack, Typography } from '@mui/material';
import { AdmissionFieldInput } from './AdmissionFieldInput';
import { FEE_PACKAGE, type AdmissionField, type TAdmissionForm } from './admission-form';

/** The fee package rows of the short form (colleges with a fee package only). */
export function FeePackageFields({
  values,
  onChange,
}: {
  values: TAdmissionForm;
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
                  <AdmissionFieldInput field={f} idPrefix="adm" value={values[f.name]} onChange={(x) => onChange(f.name, x)} />
                </Box>
              ))}
            </Stack>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
