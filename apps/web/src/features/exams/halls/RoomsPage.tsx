import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Box, Button, Chip, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { EXAM_CELL_ROLES, EXAM_ROOM_MAX_COLS, EXAM_ROOM_MAX_ROWS, ZExamRoomUpdate, type TExamRoom } from '@erp/shared';
import { useCan } from '../../../lib/authorization';
import { DataTable, errorText, queryRows, type DataColumn } from '../../../components/DataTable';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../components/feedback';
import { useCreateRoom, useExamRooms, useUpdateRoom } from './api';

type Input = z.input<typeof ZExamRoomUpdate>;
type Output = z.output<typeof ZExamRoomUpdate>;

const COLUMNS: Array<DataColumn<TExamRoom>> = [
  { key: 'name', header: 'Room', nowrap: true },
  { key: 'block', header: 'Block' },
  { key: 'layout', header: 'Rows × columns', value: (r) => `${r.rows} × ${r.cols}` },
  { key: 'capacity', header: 'Seats', align: 'right' },
  {
    key: 'retired',
    header: 'In use',
    value: (r) => (r.retired ? 'Retired' : 'In use'),
    render: (r) =>
      r.retired ? <Chip size="small" label="Retired" /> : <Chip size="small" color="success" variant="outlined" label="In use" />,
  },
];

/** Adds a room (room null with open) or changes one: name, block, rows × columns, retired. */
function RoomDialog({ room, onClose }: { room: TExamRoom | null; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateRoom();
  const update = useUpdateRoom();
  const call = room ? update : create;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZExamRoomUpdate),
    defaultValues: room
      ? { name: room.name, block: room.block, rows: room.rows, cols: room.cols, retired: room.retired }
      : { name: '', block: '', rows: 6, cols: 5, retired: false },
  });
  const rows = form.watch('rows');
  const cols = form.watch('cols');
  const seats = Number.isInteger(rows) && Number.isInteger(cols) ? Number(rows) * Number(cols) : null;
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = room
        ? await update.mutateAsync({ id: room.id, body: v })
        : await create.mutateAsync({ name: v.name, block: v.block, rows: v.rows, cols: v.cols });
      toast.success(r.message);
      onClose();
    } catch {
      /* the server's message is shown in the dialog */
    }
  });
  const err = form.formState.errors;
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="room-title"
      title={room ? `Room ${room.name}` : 'Add a room'}
      onSubmit={submit}
      error={call.error ? errorText(call.error) : undefined}
      errorTestId="room-error"
      submitLabel={room ? 'Save' : 'Add room'}
      busy={call.isPending}
      spinner
      maxWidth="xs"
    >
      <TextField
        label="Room"
        size="small"
        required
        autoFocus
        {...form.register('name')}
        error={Boolean(err.name)}
        helperText={err.name?.message ?? 'Short: it starts every seat number, e.g. A101-B3'}
      />
      <TextField
        label="Block"
        size="small"
        {...form.register('block')}
        error={Boolean(err.block)}
        helperText={err.block?.message}
      />
      <Stack direction="row" spacing={1}>
        <TextField
          label="Rows"
          type="number"
          size="small"
          required
          {...form.register('rows', { valueAsNumber: true })}
          error={Boolean(err.rows)}
          helperText={err.rows?.message ?? `1 to ${EXAM_ROOM_MAX_ROWS}, A at the front`}
          slotProps={{ htmlInput: { min: 1, max: EXAM_ROOM_MAX_ROWS } }}
        />
        <TextField
          label="Columns"
          type="number"
          size="small"
          required
          {...form.register('cols', { valueAsNumber: true })}
          error={Boolean(err.cols)}
          helperText={err.cols?.message ?? `1 to ${EXAM_ROOM_MAX_COLS}, from the left`}
          slotProps={{ htmlInput: { min: 1, max: EXAM_ROOM_MAX_COLS } }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="room-seats">
        {seats !== null && seats > 0 ? `${seats} seats` : ' '}
      </Typography>
      {room && (
        <Controller
          control={form.control}
          name="retired"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Retired (left out of new seating plans)"
            />
          )}
        />
      )}
    </FormDialog>
  );
}

/** The college's exam rooms: name, block, rows × columns and seats; retired rather than deleted. */
export function RoomsPage() {
  const mayEdit = useCan(EXAM_CELL_ROLES);
  const [includeRetired, setIncludeRetired] = useState(false);
  const rooms = useExamRooms(includeRetired);
  const [editing, setEditing] = useState<TExamRoom | 'new' | null>(null);
  const total = rooms.data?.filter((r) => !r.retired).reduce((n, r) => n + r.capacity, 0) ?? 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Rooms for every exam of the college: {total.toLocaleString('en-IN')} seats in the rooms in use.
      </Typography>
      <DataTable
        label="Exam rooms"
        columns={COLUMNS}
        {...queryRows(rooms)}
        rowKey={(r) => r.id}
        rowTestId={(r) => `room-${r.name}`}
        emptyText="No exam rooms yet."
        search
        exportName="exam-rooms"
        toolbar={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={<Switch checked={includeRetired} onChange={(e) => setIncludeRetired(e.target.checked)} />}
              label="Show retired"
            />
            {mayEdit && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
                Add room
              </Button>
            )}
          </Stack>
        }
        actions={(r) =>
          mayEdit && (
            <Button size="small" onClick={() => setEditing(r)}>
              Edit
            </Button>
          )
        }
      />
      {editing && (
        <RoomDialog
          key={editing === 'new' ? 'new' : editing.id}
          room={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
