import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { SEAT_TYPES_FEE, ZFeeStructureInput, type TFeeStructure, type TFeeStructureInput } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useAddStructure, useHeads, useUpdateStructure } from './api';
import { rupees } from './format';
import { RupeeField } from './RupeeField';

const blank: TFeeStructureInput = { course: 'B.Tech', batch: '', yearOfStudy: 1, seatType: 'Convener', lines: [] };

const toInput = (s: TFeeStructure): TFeeStructureInput => ({
  course: s.course,
  batch: s.batch,
  yearOfStudy: s.yearOfStudy,
  seatType: s.seatType as TFeeStructureInput['seatType'],
  lines: s.lines.map((l) => ({ headId: l.headId, amountPaise: l.amountPaise })),
});

/**
 * Creates a fee structure or edits one (course, batch, year of study, seat type and an amount per
 * head), validated by the shared schema the server uses. Demand already raised keeps its amounts.
 */
export function StructureDialog({ structure, onClose }: { structure: TFeeStructure | null | 'new'; onClose: () => void }) {
  const editing = structure && structure !== 'new' ? structure : null;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const heads = useHeads();
  const add = useAddStructure();
  const update = useUpdateStructure();
  const save = editing ? update : add;
  const toast = useToast();
  const form = useForm<TFeeStructureInput>({
    resolver: zodResolver(ZFeeStructureInput),
    values: editing ? toInput(editing) : blank,
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const err = form.formState.errors;
  const watched = form.watch('lines');
  const total = (watched ?? []).reduce((n, l) => n + (Number(l.amountPaise) || 0), 0);
  const used = new Set((watched ?? []).map((l) => Number(l.headId)));
  const submit = form.handleSubmit(async (v) => {
    try {
      const body = ZFeeStructureInput.parse(v);
      const saved = editing ? await update.mutateAsync({ id: editing.id, body }) : await add.mutateAsync(body);
      toast.success(`Fee structure ${saved.course} ${saved.batch}, year ${saved.yearOfStudy} (${saved.seatType}) saved`);
      onClose();
    } catch {
      /* shown below */
    }
  });
  const linesError = err.lines?.message ?? err.lines?.root?.message;
  return (
    <Dialog open={structure !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <Box component="form" onSubmit={submit} noValidate aria-label={editing ? 'Edit fee structure' : 'New fee structure'}>
        <DialogTitle>{editing ? 'Edit fee structure' : 'New fee structure'}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
            <TextField
              label="Course"
              size="small"
              {...form.register('course')}
              error={!!err.course}
              helperText={err.course?.message ?? ' '}
            />
            <TextField
              label="Batch (e.g. 2025-2029)"
              size="small"
              {...form.register('batch')}
              error={!!err.batch}
              helperText={err.batch?.message ?? ' '}
            />
            <Controller
              name="yearOfStudy"
              control={form.control}
              render={({ field }) => (
                <TextField select label="Year of study" size="small" {...field} helperText=" ">
                  {[1, 2, 3, 4, 5, 6].map((y) => (
                    <MenuItem key={y} value={y}>
                      {y}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="seatType"
              control={form.control}
              render={({ field }) => (
                <TextField
                  select
                  label="Seat type"
                  size="small"
                  {...field}
                  error={!!err.seatType}
                  helperText={err.seatType?.message ?? ' '}
                >
                  {SEAT_TYPES_FEE.map((s) => (
                    <MenuItem key={s} value={s}>
                      {s}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
            Amount per head
          </Typography>
          {lines.fields.map((f, i) => (
            <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'start', mb: 1 }}>
              <Controller
                name={`lines.${i}.headId`}
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    label="Fee head"
                    size="small"
                    sx={{ flex: 2, minWidth: 0 }}
                    {...field}
                    value={field.value ?? ''}
                    error={!!err.lines?.[i]?.headId}
                    helperText={err.lines?.[i]?.headId?.message ?? ' '}
                  >
                    {(heads.data ?? []).map((h) => (
                      <MenuItem key={h.id} value={h.id} disabled={used.has(h.id) && Number(field.value) !== h.id}>
                        {h.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name={`lines.${i}.amountPaise`}
                control={form.control}
                render={({ field }) => (
                  <RupeeField
                    label="Amount"
                    size="small"
                    sx={{ flex: 1, minWidth: 110 }}
                    value={Number(field.value) || 0}
                    onChange={field.onChange}
                    error={!!err.lines?.[i]?.amountPaise}
                    helperText={err.lines?.[i]?.amountPaise?.message ?? ' '}
                  />
                )}
              />
              <IconButton aria-label={`Remove line ${i + 1}`} onClick={() => lines.remove(i)} sx={{ mt: 0.5 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          ))}
          <Button
            size="small"
            onClick={() => {
              const next = (heads.data ?? []).find((h) => !used.has(h.id));
              lines.append({ headId: next?.id ?? 0, amountPaise: 0 });
            }}
          >
            Add a head
          </Button>
          {linesError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {linesError}
            </Alert>
          )}
          <Typography sx={{ mt: 2 }} aria-label="Structure total">
            Total for the year: <strong>{rupees(total)}</strong>
          </Typography>
          {editing && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Demand already raised keeps its amounts; the new amounts apply to demand raised from now on.
            </Typography>
          )}
          {save.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {save.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save structure
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
