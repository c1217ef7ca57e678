import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  CALENDAR_EDIT_ROLES,
  CALENDAR_MSG,
  CALENDAR_KINDS,
  displayDate,
  ZCalendarEventInput,
  type TCalendarEvent,
  type TCalendarEventInput,
} from '@erp/shared';
import { DateRangeField, isReversed } from '../../components/DateRangeField';
import { useConfirm, useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { getSessionUser } from '../../lib/session';
import { useCalendar, useRemoveCalendarEvent, useSaveCalendarEvent } from './api';

const LABEL: Record<string, string> = {
  holiday: 'Holiday',
  event: 'Event',
  semester_start: 'Semester starts',
  semester_end: 'Semester ends',
  exam: 'Examinations',
};

function EventForm({ editing, onDone }: { editing: TCalendarEvent | null; onDone: () => void }) {
  const toast = useToast();
  const save = useSaveCalendarEvent(editing?.id ?? null);
  const { register, control, handleSubmit, reset, formState } = useForm<TCalendarEventInput>({
    resolver: zodResolver(ZCalendarEventInput) as never,
    values: editing ?? { title: '', kind: 'holiday', startDate: '', endDate: '', description: '' },
  });
  const e = formState.errors;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: (r) => {
            toast.success(`${r.title} saved`);
            reset();
            onDone();
          },
          onError: (err) => toast.error(err.message),
        }),
      )}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' }, mb: 2 }}>
        <TextField size="small" label="Title" {...register('title')} error={Boolean(e.title)} helperText={e.title?.message} />
        <TextField size="small" select label="Kind" defaultValue={editing?.kind ?? 'holiday'} {...register('kind')}>
          {CALENDAR_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {LABEL[k]}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeField
          size="small"
          control={control}
          fromName="startDate"
          toName="endDate"
          reversedText={CALENDAR_MSG.endBeforeStart}
        />
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {editing ? 'Save' : 'Add'}
        </Button>
        {editing && <Button onClick={onDone}>Cancel</Button>}
      </Stack>
    </Box>
  );
}

/** The admin's "activities": semester dates, holidays and events of the academic calendar. */
export function CalendarPage() {
  const year = new Date().getFullYear();
  const [range, setRange] = useState({ from: `${year - 1}-06-01`, to: `${year + 1}-05-31` });
  const list = useCalendar(range, !isReversed(range.from, range.to));
  const [editing, setEditing] = useState<TCalendarEvent | null>(null);
  const canEdit = Boolean(getSessionUser()?.roles.some((r) => (CALENDAR_EDIT_ROLES as string[]).includes(r)));
  const toast = useToast();
  const confirm = useConfirm();
  const retire = useRemoveCalendarEvent();
  const remove = async (ev: TCalendarEvent) => {
    if (!(await confirm({ title: `Remove ${ev.title} from the calendar?`, confirmText: 'Remove', cancelText: 'Cancel' }))) return;
    retire.mutate(ev.id, { onSuccess: () => toast.success('Removed'), onError: (e) => toast.error(e.message) });
  };
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 2 }}>
        Academic calendar
      </Typography>
      {canEdit && <EventForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />}
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <DateRangeField size="small" fromLabel="Show from" toLabel="to" {...range} onChange={setRange} />
      </Stack>
      <QueryState spinner query={list} empty={list.data?.items.length === 0} emptyText="Nothing on the calendar in these dates.">
        <Stack spacing={1}>
          {(list.data?.items ?? []).map((ev) => (
            <Card key={ev.id} variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', py: 1.5 }}>
                <Typography sx={{ minWidth: 200 }}>
                  {ev.startDate === ev.endDate
                    ? displayDate(ev.startDate)
                    : `${displayDate(ev.startDate)} to ${displayDate(ev.endDate)}`}
                </Typography>
                <Typography fontWeight={700} sx={{ flex: 1, minWidth: 160 }}>
                  {ev.title}
                </Typography>
                <Chip size="small" label={LABEL[ev.kind]} color={ev.kind === 'holiday' ? 'warning' : 'default'} />
                {canEdit && (
                  <>
                    <Button size="small" onClick={() => setEditing(ev)}>
                      Edit
                    </Button>
                    <Button size="small" color="error" onClick={() => remove(ev)}>
                      Remove
                    </Button>
                  </>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      </QueryState>
    </Box>
  );
}
