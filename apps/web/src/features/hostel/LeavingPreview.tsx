import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useVacatePreview } from './api';
import { dmy, rupees } from './format';

const Nowrap = ({ children }: { children: string }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

const Row = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Stack direction="row" justifyContent="space-between" spacing={2}>
    <Typography variant="body2">{label}</Typography>
    <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}>
      {value}
    </Typography>
  </Stack>
);

/**
 * Before the incharge confirms a checkout: what the college keeps of the room fee, what comes back
 * of the deposit and what is still owed. The server works it out with the vacate's own calculation.
 */
export function LeavingPreview({ id, date, damages }: { id: number | null; date: string; damages: number }) {
  const q = useVacatePreview(id, date, damages);
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  if (!q.data)
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <CircularProgress size={16} />
        <Typography variant="body2">Working out the fee to keep…</Typography>
      </Stack>
    );
  const f = q.data;
  const early = f.feeKeptPaise < f.feePaise;
  return (
    <Box
      data-testid="vacate-preview"
      aria-live="polite"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, opacity: q.isFetching ? 0.6 : 1 }}
    >
      <Typography variant="subtitle2" gutterBottom>
        Leaving on <Nowrap>{dmy(f.date)}</Nowrap> · year <Nowrap>{dmy(f.periodFrom)}</Nowrap> to{' '}
        <Nowrap>{dmy(f.periodTo)}</Nowrap>, charged by the {f.basis}
      </Typography>
      <Stack spacing={0.5}>
        <Row
          label={early ? 'Room fee kept' : 'Room fee (whole year)'}
          value={`${rupees(f.feeKeptPaise)} of ${rupees(f.feePaise)}`}
        />
        {f.depositPaise > 0 && (
          <Row label="Caution deposit paid" value={`${rupees(f.depositPaidPaise)} of ${rupees(f.depositPaise)}`} />
        )}
        {f.damagesPaise > 0 && <Row label="Damages" value={rupees(f.damagesPaise)} />}
        {f.depositPaidPaise > 0 && <Row label="Deposit coming back after damages and dues" value={rupees(f.depositBackPaise)} />}
        {f.releasedPaise > 0 && <Row label="Paid money freed by the cut" value={rupees(f.releasedPaise)} />}
        <Row label="Still owed" value={rupees(f.owedPaise)} strong />
        {f.refundPaise > 0 && <Row label="Comes back to the student" value={rupees(f.refundPaise)} strong />}
      </Stack>
      {f.refundPaise > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          It becomes the student’s credit: the accounts office sets it against other dues or refunds it.
        </Typography>
      )}
    </Box>
  );
}
