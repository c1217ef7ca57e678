import { useState } from 'react';
import { Box, FormControl, InputLabel, MenuItem, Select } from '@mui/material';

/** The spec's statuses, spelling included. */
export const STATUSES = ['online', 'idle', 'bussy', 'offline'] as const;
export type Status = (typeof STATUSES)[number];
const STATUS_KEY = 'erpStatus';
const COLORS: Record<Status, string> = { online: '#2e7d32', idle: '#ed6c02', bussy: '#d32f2f', offline: '#9e9e9e' };

export function StatusPicker() {
  const [status, setStatus] = useState<Status>(() => {
    const v = localStorage.getItem(STATUS_KEY) as Status | null;
    return v && STATUSES.includes(v) ? v : 'online';
  });
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id="status-picker-label">Status</InputLabel>
      <Select
        labelId="status-picker-label"
        label="Status"
        value={status}
        onChange={(e) => {
          const v = e.target.value as Status;
          setStatus(v);
          localStorage.setItem(STATUS_KEY, v);
        }}
        renderValue={(v) => <StatusDot status={v} />}
      >
        {STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            <StatusDot status={s} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function StatusDot({ status }: { status: Status }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textTransform: 'capitalize' }}>
      <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: COLORS[status] }} />
      {status}
    </Box>
  );
}
