import { Box, Checkbox, FormControlLabel, Grid, TextField, Typography } from '@mui/material';

/** The long form's addresses; 'same as permanent' copies the permanent address and keeps it in step. */
export function AddressFields({
  permanent,
  present,
  same,
  onPermanent,
  onPresent,
  onSame,
}: {
  permanent: string;
  present: string;
  same: boolean;
  onPermanent: (v: string) => void;
  onPresent: (v: string) => void;
  onSame: (same: boolean) => void;
}) {
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
}
