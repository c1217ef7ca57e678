import { useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import {
  HOSTEL_KIND_LABELS,
  HOSTEL_KINDS,
  ZBuildingCreate,
  ZRoomsBulk,
  type TBuildingStats,
  type THostelKind,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useBuildings, useCreateBuilding, useCreateRooms } from './api';
import { QueryState } from '../../components/QueryState';
import { HostelNav } from './HostelNav';
import { FormDialog } from '../../components/FormDialog';

type BuildingForm = z.input<typeof ZBuildingCreate>;

function BuildingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const save = useCreateBuilding();
  const form = useForm<BuildingForm>({
    resolver: zodResolver(ZBuildingCreate),
    defaultValues: { name: '', kind: 'BOYS', wardenName: '', wardenPhone: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync(v);
      toast.success(`${v.name} added`);
      form.reset();
      onClose();
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="building-title"
      title="New building"
      onSubmit={submit}
      error={errors.root?.message}
      submitLabel="Save"
      busy={save.isPending}
    >
      <TextField label="Name" {...form.register('name')} error={!!errors.name} helperText={errors.name?.message} autoFocus />
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <TextField select label="For" {...field} error={!!errors.kind} helperText={errors.kind?.message}>
            {HOSTEL_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {HOSTEL_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Warden"
        {...form.register('wardenName')}
        error={!!errors.wardenName}
        helperText={errors.wardenName?.message}
      />
      <TextField
        label="Warden mobile"
        {...form.register('wardenPhone')}
        error={!!errors.wardenPhone}
        helperText={errors.wardenPhone?.message}
      />
    </FormDialog>
  );
}

/** Bulk rooms: the fee is typed in rupees, sent in paise. */
const ZRoomsForm = ZRoomsBulk.safeExtend({
  yearlyFee: z.coerce
    .number({ message: 'Enter the yearly fee' })
    .min(0, 'The yearly fee cannot be negative')
    .max(10_000_000, 'The yearly fee is too large'),
});
type RoomsForm = z.input<typeof ZRoomsForm>;

function RoomsDialog({ building, onClose }: { building: TBuildingStats | null; onClose: () => void }) {
  const toast = useToast();
  const save = useCreateRooms();
  const form = useForm<RoomsForm>({
    resolver: zodResolver(ZRoomsForm),
    defaultValues: { floorFrom: 1, floorTo: 4, roomFrom: 1, roomTo: 20, sharing: 3, ac: false, yearlyFee: 55000 },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    const out = v as z.output<typeof ZRoomsForm>;
    try {
      const r = await save.mutateAsync({ ...out, yearlyFee: Math.round(out.yearlyFee * 100), _id: building!.id });
      toast.success(r.message);
      onClose();
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  const num = (name: keyof RoomsForm, label: string) => (
    <TextField
      label={label}
      type="number"
      {...form.register(name)}
      error={!!errors[name]}
      helperText={errors[name]?.message}
      sx={{ flex: 1 }}
    />
  );
  return (
    <FormDialog
      open={!!building}
      onClose={onClose}
      titleId="rooms-title"
      title={building ? `Add rooms to ${building.name}` : 'Add rooms'}
      onSubmit={submit}
      error={errors.root?.message}
      submitLabel="Create rooms"
      busy={save.isPending}
    >
      <Typography variant="body2" color="text.secondary">
        Floors 1–4 with rooms 01–20 make rooms 101–120, 201–220 and so on; floor 0 is the ground floor (G01…).
      </Typography>
      <Stack direction="row" spacing={2}>
        {num('floorFrom', 'From floor')}
        {num('floorTo', 'To floor')}
      </Stack>
      <Stack direction="row" spacing={2}>
        {num('roomFrom', 'From room')}
        {num('roomTo', 'To room')}
      </Stack>
      <Stack direction="row" spacing={2}>
        {num('sharing', 'Sharing (beds)')}
        {num('yearlyFee', 'Yearly fee (₹)')}
      </Stack>
      <Controller
        control={form.control}
        name="ac"
        render={({ field }) => (
          <FormControlLabel
            label="AC rooms"
            control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          />
        )}
      />
    </FormDialog>
  );
}

export function BuildingsPage() {
  const buildings = useBuildings();
  const [adding, setAdding] = useState(false);
  const [roomsFor, setRoomsFor] = useState<TBuildingStats | null>(null);
  return (
    <Box>
      <HostelNav title="Buildings and rooms" />
      <Button startIcon={<Add />} variant="contained" onClick={() => setAdding(true)} sx={{ mb: 2 }}>
        New building
      </Button>
      <QueryState query={buildings}>
        {buildings.data?.length === 0 && <Typography color="text.secondary">No buildings yet.</Typography>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }}>
          {buildings.data?.map((b) => (
            <Card key={b.id} sx={{ borderRadius: 3 }} data-testid="building-card">
              <CardContent>
                <Typography variant="h6">{b.name}</Typography>
                <Typography color="text.secondary" variant="body2">
                  {HOSTEL_KIND_LABELS[b.kind as THostelKind]} · Warden {b.wardenName || '—'} {b.wardenPhone}
                </Typography>
                <Typography sx={{ my: 1 }}>
                  {b.floors.length} floors · {b.rooms} rooms · {b.beds} beds · {b.occupied} occupied · {b.free} free ·{' '}
                  {b.occupancyPct}% full
                </Typography>
                <Button size="small" variant="outlined" onClick={() => setRoomsFor(b)}>
                  Add rooms
                </Button>
              </CardContent>
            </Card>
          ))}
        </Box>
      </QueryState>
      <BuildingDialog open={adding} onClose={() => setAdding(false)} />
      <RoomsDialog building={roomsFor} onClose={() => setRoomsFor(null)} />
    </Box>
  );
}
