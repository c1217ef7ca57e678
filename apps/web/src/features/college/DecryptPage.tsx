import { useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { ADMIN_ROLES, MSG } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { NoPermission, useCan } from '../../lib/authorization';
import { useCipher, type CipherAction } from './api';

type Action = CipherAction;

/** Admin tool over getDecryptedValue: encrypt plain text or decrypt a value with the portal cipher. */
export function DecryptPage() {
  const admin = useCan(ADMIN_ROLES);
  const toast = useToast();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [result, setResult] = useState<{ action: Action; text: string } | null>(null);
  const cipher = useCipher();
  const busy = cipher.isPending;

  if (!admin) return <NoPermission roles={ADMIN_ROLES} />;

  const run = (action: Action) => {
    if (!value.trim()) {
      setError(action === 'decrypt' ? MSG.enterEncryptedValue : MSG.enterPlainText);
      setResult(null);
      return;
    }
    setError('');
    cipher.mutate(
      { action, content: value.trim() },
      {
        onSuccess: (text) => setResult({ action, text }),
        onError: () => {
          setResult(null);
          toast.error(MSG.decryptError);
        },
      },
    );
  };

  return (
    <Card sx={{ borderRadius: 3, maxWidth: 720, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h1">
          Decrypt Tool
        </Typography>
        <TextField
          label="Value"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(error)}
          helperText={error || 'An encrypted value to decrypt, or plain text to encrypt'}
          slotProps={{ htmlInput: { 'data-testid': 'decrypt-input', maxLength: 4000 } }}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => run('encrypt')} disabled={busy}>
            Encrypt
          </Button>
          <Button variant="contained" color="secondary" onClick={() => run('decrypt')} disabled={busy}>
            Decrypt
          </Button>
        </Box>
        {result && (
          <Box data-testid="decrypt-result" aria-live="polite">
            <Typography variant="subtitle2" color="text.secondary">
              {result.action === 'decrypt' ? 'Decrypted value' : 'Encrypted value'}
            </Typography>
            <Typography
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}
            >
              {result.text}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
