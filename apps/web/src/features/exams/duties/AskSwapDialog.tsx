import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { ZSwapRequest, type TDuty, type TFreeColleagues } from '@erp/shared';
import { errorText } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { ddmmyyyy } from '../format';
import { useAskSwap, useFreeColleagues } from './api';

type MyDuty = TDuty & { examId: number; exam: string };

/**
 * Asks the exam cell to hand one of my duties to a colleague. The server checks the colleague is
 * free (no other duty, not on leave, not teaching a paper of that session) and says so if not.
 */
export function AskSwapDialog({ duty, onClose }: { duty: MyDuty; onClose: () => void }) {
  const phone = useMediaQuery('(max-width:599.95px)');
  const toast = useToast();
  const colleagues = useFreeColleagues(duty.examId, duty.id);
  const ask = useAskSwap();
  const [to, setTo] = useState<TFreeColleagues[number] | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ toFacultyId?: string; reason?: string }>({});
  const others = colleagues.data ?? [];
  const noneFree = colleagues.isSuccess && others.length === 0;

  const send = async () => {
    const parsed = ZSwapRequest.safeParse({ toFacultyId: to?.facultyId ?? 0, reason });
    if (!parsed.success) {
      const out: typeof errors = {};
      for (const i of parsed.error.issues) out[i.path[0] as keyof typeof errors] ??= i.message;
      setErrors(out);
      return;
    }
    setErrors({});
    try {
      await ask.mutateAsync({ examId: duty.examId, dutyId: duty.id, body: parsed.data });
      toast.success(`Swap asked: ${to?.name} would take ${duty.room} on ${ddmmyyyy(duty.date)} ${duty.session}`);
      onClose();
    } catch {
      // the refusal is shown in the dialog (ask.error)
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="ask-swap-title">
      <DialogTitle id="ask-swap-title">Ask to swap a duty</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {duty.exam}: <b>{duty.room}</b> on <b>{ddmmyyyy(duty.date)}</b> {duty.session}. The exam cell approves the swap; until
            then the duty stays yours.
          </Typography>
          {noneFree ? (
            <Alert severity="info" data-testid="no-colleague-free">
              No colleague is free in that session (each has a duty, is on leave or teaches a paper written then): ask the exam
              cell.
            </Alert>
          ) : (
            <Autocomplete
              options={others}
              loading={colleagues.isPending}
              value={to}
              onChange={(_e, v) => setTo(v)}
              getOptionLabel={(f) => `${f.name} (${f.department})`}
              isOptionEqualToValue={(a, b) => a.facultyId === b.facultyId}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Colleague to take it"
                  error={Boolean(errors.toFacultyId || colleagues.error)}
                  helperText={
                    errors.toFacultyId || (colleagues.error ? `Could not load the faculty: ${errorText(colleagues.error)}` : '')
                  }
                />
              )}
            />
          )}
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            error={Boolean(errors.reason)}
            helperText={errors.reason || '5 to 300 characters'}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          {ask.error && (
            <Alert severity="error" data-testid="swap-error">
              {errorText(ask.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={send} loading={ask.isPending} disabled={noneFree}>
          Ask to swap
        </Button>
      </DialogActions>
    </Dialog>
  );
}
