import { useId, useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import Payment from '@mui/icons-material/Payment';
import type { TFeeDueLine } from '@erp/shared';
import { formatPaise } from '../lib/format';

/** Whole rupees without ".00" (₹17,000), paise when there are some (₹5.50). */
const amountText = (paise: number) => formatPaise(paise, { whole: paise % 100 === 0 });

const lineLabel = (l: TFeeDueLine) => `${l.head} · ${l.fy}`;

const rowSx = { display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.25 } as const;
const amountSx = { ml: 'auto', fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export interface FeeLinesChooserProps {
  /** the open ledger lines of the semester fee entry (`TFeeDue.lines`) */
  lines: TFeeDueLine[];
  /**
   * Called with the chosen line ids, or with none when every line is chosen (the order is then the
   * whole due). Left out, the lines are shown read-only with their total and no Pay button.
   */
  onPay?: (lineIds?: number[]) => void;
  /** this chooser's order is under way: Pay shows it, nothing can be changed */
  busy?: boolean;
  /** another payment on the screen is under way */
  disabled?: boolean;
  /** the legend, "Fees due" unless told */
  title?: string;
}

/**
 * The fees a student owes, one ledger line each (head · FY · amount). With `onPay`, each line has a
 * checkbox (all checked at first) and "Pay ₹<total>" pays the checked ones.
 */
export function FeeLinesChooser({ lines, onPay, busy = false, disabled = false, title = 'Fees due' }: FeeLinesChooserProps) {
  // Kept as the unchecked ids, so a line that appears after a refresh starts checked.
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(() => new Set());
  const titleId = useId();
  const checked = onPay ? lines.filter((l) => !unchecked.has(l.lineId)) : lines;
  const total = checked.reduce((sum, l) => sum + l.amountPaise, 0);
  const locked = busy || disabled;

  const toggle = (lineId: number, on: boolean) =>
    setUnchecked((prev) => {
      const next = new Set(prev);
      if (on) next.delete(lineId);
      else next.add(lineId);
      return next;
    });

  const totalRow = (
    <Typography aria-live="polite" data-testid="fee-lines-total">
      Total <b>{amountText(total)}</b>
    </Typography>
  );

  if (!onPay)
    return (
      <Box role="group" aria-labelledby={titleId}>
        <Typography id={titleId} variant="subtitle2" component="p">
          {title}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {lines.map((l) => (
            <Box component="li" key={l.lineId} sx={rowSx} data-testid="fee-line">
              <Typography sx={{ minWidth: 0 }}>{lineLabel(l)}</Typography>
              <Typography sx={amountSx}>{amountText(l.amountPaise)}</Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 0.5 }}>{totalRow}</Box>
      </Box>
    );

  const pay = () => onPay(checked.length === lines.length ? undefined : checked.map((l) => l.lineId));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {title}
      </Typography>
      {lines.map((l) => (
        <Box key={l.lineId} sx={rowSx} data-testid="fee-line">
          <FormControlLabel
            sx={{ mr: 0, minWidth: 0 }}
            control={
              <Checkbox
                size="small"
                checked={!unchecked.has(l.lineId)}
                disabled={locked}
                onChange={(e) => toggle(l.lineId, e.target.checked)}
              />
            }
            label={lineLabel(l)}
          />
          <Typography sx={amountSx}>{amountText(l.amountPaise)}</Typography>
        </Box>
      ))}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        alignItems={{ xs: 'stretch', sm: 'center' }}
        justifyContent="space-between"
        sx={{ mt: 1 }}
      >
        {totalRow}
        <Button variant="contained" size="small" startIcon={<Payment />} disabled={checked.length === 0 || locked} onClick={pay}>
          {busy ? 'Redirecting…' : `Pay ${amountText(total)}`}
        </Button>
      </Stack>
      {checked.length === 0 && <FormHelperText>Choose at least one fee to pay.</FormHelperText>}
    </Box>
  );
}
