import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';

/** Admin dashboard panel: the encrypt / decrypt tool. */
export function DecryptPanel() {
  return (
    <Box data-testid="decrypt-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Decrypt Tool
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Encrypt or decrypt a value with the portal cipher.
      </Typography>
      <Button component={RouterLink} to={PATHS.decryptTool} variant="outlined" size="small">
        Open Decrypt Tool
      </Button>
    </Box>
  );
}
