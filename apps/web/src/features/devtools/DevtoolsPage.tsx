import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { MSG } from '@erp/shared';
import { PublicShell } from '../../components/common';
import { useAlert } from '../../components/feedback';
import { SERVER_ADDRESS_KEY, apiOrigin } from '../../lib/api-client';
import { normaliseServerAddress } from './server-address';

/** Developer Options: the Server Address every API call goes to (empty = this site). */
export function DevtoolsPage() {
  const alert = useAlert();
  const [value, setValue] = useState(() => apiOrigin());
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = normaliseServerAddress(value);
    if (address === null) {
      setError('Enter an address like https://erp.example.edu');
      return;
    }
    if (address) localStorage.setItem(SERVER_ADDRESS_KEY, address);
    else localStorage.removeItem(SERVER_ADDRESS_KEY);
    await alert({ title: MSG.serverAddressChanged, kind: 'success' });
    window.location.reload();
  };
  return (
    <PublicShell maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: 26, md: 32 } }}>
        Developer Options
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        API calls go to {apiOrigin() || window.location.origin}. Leave the address empty to use this site.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label="Server Address"
            placeholder="Enter Server Address"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
            fullWidth
          />
          <Stack direction="row" spacing={1.5}>
            <Button type="submit" variant="contained">
              Submit
            </Button>
            <Button component={RouterLink} to="/" variant="outlined" startIcon={<HomeOutlined />}>
              Home
            </Button>
          </Stack>
        </Stack>
      </Box>
    </PublicShell>
  );
}
