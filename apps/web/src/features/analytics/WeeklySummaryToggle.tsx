import { Box, Button, FormControlLabel, Switch } from '@mui/material';
import { useToast } from '../../components/feedback';
import { downloadWeeklySummary, useSaveWeeklySummary, useWeeklySummary } from './api';

/** The Monday PDF of the week's figures: this user's own switch, and a preview of last week's. */
export function WeeklySummaryToggle() {
  const setting = useWeeklySummary();
  const save = useSaveWeeklySummary();
  const toast = useToast();
  const enabled = save.isPending ? !!save.variables : !!setting.data?.enabled;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            disabled={setting.isLoading || save.isPending}
            onChange={(e) =>
              save.mutate(e.target.checked, {
                onSuccess: (r) => toast.success(r.enabled ? 'The weekly summary will be mailed to you every Monday' : 'No more weekly summary mails'),
                onError: (err) => toast.error(err.message),
              })
            }
            slotProps={{ input: { 'aria-label': 'Mail me the weekly summary every Monday' } }}
          />
        }
        label="Weekly summary by mail (Mondays)"
      />
      <Button size="small" onClick={() => downloadWeeklySummary().catch((e: Error) => toast.error(e.message))}>
        Last week&apos;s PDF
      </Button>
    </Box>
  );
}
