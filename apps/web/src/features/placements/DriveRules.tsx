import { Box, Chip, Typography } from '@mui/material';

/** Every eligibility rule of a drive (as the server words them), one chip each. */
export function DriveRules({ rules, dense = false }: { rules: string[]; dense?: boolean }) {
  return (
    <Box sx={{ mb: dense ? 1 : 2 }} data-testid="eligibility-rules">
      {!dense && (
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          Who may apply
        </Typography>
      )}
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}>
        {rules.map((r) => (
          <li key={r}>
            <Chip size="small" variant="outlined" label={r} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
