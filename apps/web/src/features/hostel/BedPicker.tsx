import { useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { HOSTEL_KIND_LABELS, type THostelKind } from '@erp/shared';
import { useBuildings, useOccupancy } from './api';
import { rupees } from './format';

/** A building (of the student's gender when known) and one of its free beds. */
export function BedPicker(props: {
  gender?: string;
  value: number | '';
  onChange: (bedId: number | '') => void;
  error?: string;
  exceptBedId?: number;
}) {
  const buildings = useBuildings();
  const wanted = props.gender === 'FEMALE' ? 'GIRLS' : props.gender === 'MALE' ? 'BOYS' : undefined;
  const choices = (buildings.data ?? []).filter((b) => b.kind !== 'STAFF' && (!wanted || b.kind === wanted));
  const [buildingId, setBuildingId] = useState<number | ''>('');
  const board = useOccupancy({ buildingId: buildingId || undefined, status: 'free' }, buildingId !== '');
  const beds = (board.data?.rooms ?? []).flatMap((r) =>
    r.beds
      .filter((b) => b.status === 'free' && b.id !== props.exceptBedId)
      .map((b) => ({
        id: b.id,
        label: `${r.roomNo}-${b.label} · ${r.sharing}-sharing${r.ac ? ', AC' : ''} · ${rupees(r.yearlyFee)}/yr`,
      })),
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label="Hostel"
        value={buildingId}
        onChange={(e) => {
          setBuildingId(Number(e.target.value) || '');
          props.onChange('');
        }}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'pick-building' } }}
      >
        {choices.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.name} ({HOSTEL_KIND_LABELS[b.kind as THostelKind]}, {b.free} free)
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Free bed"
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value) || '')}
        disabled={!buildingId}
        error={!!props.error}
        helperText={props.error || (buildingId && board.isSuccess && beds.length === 0 ? 'No free beds in this hostel' : ' ')}
        sx={{ flex: 1, minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'pick-bed' } }}
      >
        {beds.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
