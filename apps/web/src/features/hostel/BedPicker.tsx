import { useState } from 'react';
import { ListSubheader, MenuItem, Stack, TextField } from '@mui/material';
import { HOSTEL_KIND_LABELS, type THostelKind, type TOfferedBed } from '@erp/shared';
import { useBedOffer, useBuildings, useOccupancy } from './api';
import { rupees } from './format';

interface BedChoice {
  id: number;
  label: string;
  matches: boolean;
}

const roomParts = (b: { sharing: number; ac: boolean; yearlyFee: number }) => [
  `${b.sharing}-sharing${b.ac ? ', AC' : ''}`,
  `${rupees(b.yearlyFee)}/yr`,
];

/** An offered bed: its room, the hostel when any hostel is listed, and what it misses of the application. */
const offeredText = (b: TOfferedBed, anyHostel: boolean) =>
  [`${b.roomNo}-${b.label}`, ...(anyHostel ? [b.building] : []), ...roomParts(b)].join(' · ') +
  (b.unmet.length ? ` — ${b.unmet.join(', ')}` : '');

/**
 * A building (of the student's gender when known) and one of its free beds. For an application the
 * beds come in the order of what it asked for (AC, sharing, hostel): matching beds first, the
 * others after under their own heading, each saying what it misses; any hostel may be listed.
 */
export function BedPicker(props: {
  gender?: string;
  applicationId?: number;
  value: number | '';
  onChange: (bedId: number | '') => void;
  error?: string;
  exceptBedId?: number;
}) {
  const buildings = useBuildings();
  const wanted = props.gender === 'FEMALE' ? 'GIRLS' : props.gender === 'MALE' ? 'BOYS' : undefined;
  const choices = (buildings.data ?? []).filter((b) => b.kind !== 'STAFF' && (!wanted || b.kind === wanted));
  const [buildingId, setBuildingId] = useState<number | ''>('');
  const forApplication = props.applicationId !== undefined;
  const board = useOccupancy({ buildingId: buildingId || undefined, status: 'free' }, !forApplication && buildingId !== '');
  const offer = useBedOffer(props.applicationId, buildingId || undefined);
  const beds: BedChoice[] = forApplication
    ? (offer.data?.beds ?? []).map((b) => ({ id: b.id, label: offeredText(b, buildingId === ''), matches: b.matches }))
    : (board.data?.rooms ?? []).flatMap((r) =>
        r.beds
          .filter((b) => b.status === 'free' && b.id !== props.exceptBedId)
          .map((b) => ({ id: b.id, label: [`${r.roomNo}-${b.label}`, ...roomParts(r)].join(' · '), matches: true })),
      );
  const asked = offer.data?.preferences ?? [];
  const loaded = forApplication ? offer.isSuccess : buildingId !== '' && board.isSuccess;
  const matching = beds.filter((b) => b.matches);
  const others = beds.filter((b) => !b.matches);
  const item = (b: BedChoice) => (
    // Long labels wrap on a phone instead of running off the screen.
    <MenuItem key={b.id} value={b.id} sx={{ whiteSpace: 'normal' }}>
      {b.label}
    </MenuItem>
  );
  const helper =
    props.error ||
    (loaded && beds.length === 0
      ? forApplication
        ? 'No free beds for this student here'
        : 'No free beds in this hostel'
      : forApplication && asked.length
        ? `Asked for: ${asked.join(', ')}`
        : ' ');
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
        slotProps={{
          htmlInput: { 'data-testid': 'pick-building' },
          select: { displayEmpty: forApplication },
          inputLabel: forApplication ? { shrink: true } : undefined,
        }}
      >
        {forApplication && <MenuItem value="">Any hostel</MenuItem>}
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
        // An application's list opens only once it has come, so it never grows under the pointer.
        disabled={forApplication ? !offer.isSuccess : !buildingId}
        error={!!props.error}
        helperText={helper}
        sx={{ flex: 1, minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'pick-bed' } }}
      >
        {forApplication && asked.length > 0 && matching.length > 0 && (
          <ListSubheader>{`Matches the application (${asked.join(', ')})`}</ListSubheader>
        )}
        {matching.map(item)}
        {others.length > 0 && <ListSubheader>Other beds: not what the application asked for</ListSubheader>}
        {others.map(item)}
      </TextField>
    </Stack>
  );
}
