import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { ITEM_TYPE_LABELS, ITEM_TYPES, ZTitleInput, type TLibraryImportReport, type TTitleInput } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useAddCopies, useCreateTitle, useEditCopy, useImport, useTitle } from './api';
import { dmy, rupees } from './format';
import { LibraryPage } from './LibraryPage';
import { LoadError } from './LoadError';
import { ResponsiveList } from './ResponsiveList';
import { StatusChip } from './StatusChip';
import { TitleSearch } from './TitleSearch';

/** Books: search the catalogue, add titles and copies, import from Excel or MARC. */
export function CataloguePage() {
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <LibraryPage title="Books">
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add title
        </Button>
      </Stack>
      <TitleSearch onOpen={setOpen} />
      <ImportPanel />
      {adding && (
        <AddTitleDialog
          onClose={(id) => {
            setAdding(false);
            if (id) setOpen(id);
          }}
        />
      )}
      {open !== null && <TitleDialog id={open} onClose={() => setOpen(null)} />}
    </LibraryPage>
  );
}

function AddTitleDialog({ onClose }: { onClose: (id?: number) => void }) {
  const create = useCreateTitle();
  const toast = useToast();
  const form = useForm<TTitleInput>({
    resolver: zodResolver(ZTitleInput) as never,
    defaultValues: {
      title: '',
      authors: '',
      isbn: '',
      publisher: '',
      subjects: '',
      callNumber: '',
      edition: '',
      language: 'English',
      itemType: 'book',
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit((v) =>
    create.mutate(v, {
      onSuccess: (r) => {
        (r.merged ? toast.info : toast.success)(r.message);
        onClose(r.title.id);
      },
      onError: (e) => toast.error(e.message),
    }),
  );
  const field = (name: keyof TTitleInput, label: string, extra: object = {}) => (
    <TextField
      label={label}
      {...register(name)}
      error={!!errors[name]}
      helperText={errors[name]?.message as string | undefined}
      fullWidth
      {...extra}
    />
  );
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle>Add a title</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {field('title', 'Title', { required: true, autoFocus: true })}
            {field('authors', 'Authors (separate with ;)')}
            {field('isbn', 'ISBN (10 or 13 digits)')}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('publisher', 'Publisher')}
              <TextField
                label="Year"
                type="number"
                {...register('year', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
                error={!!errors.year}
                helperText={errors.year?.message}
                fullWidth
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('edition', 'Edition')}
              {field('callNumber', 'Call number (DDC)')}
            </Stack>
            {field('subjects', 'Subjects')}
            <TextField select label="Item type" defaultValue="book" {...register('itemType')} fullWidth>
              {ITEM_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {ITEM_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function TitleDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const title = useTitle(id);
  const add = useAddCopies();
  const toast = useToast();
  const [count, setCount] = useState('1');
  const [price, setPrice] = useState('');
  const [shelf, setShelf] = useState('');
  const [moving, setMoving] = useState<CopyMove | null>(null);
  const t = title.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t ? t.title : 'Title'}</DialogTitle>
      <DialogContent>
        {title.isError && <LoadError error={title.error} retry={() => title.refetch()} />}
        {t && (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {[t.authors, t.publisher, t.year, t.edition, t.isbn && `ISBN ${t.isbn}`, t.callNumber].filter(Boolean).join(' · ')}
            </Typography>
            <ResponsiveList
              rows={t.copyList}
              keyOf={(c) => c.id}
              empty="No copies yet."
              columns={[
                { label: 'Accession', render: (c) => c.accessionNo },
                { label: 'Shelf', render: (c) => c.shelfLocation },
                { label: 'Status', render: (c) => <StatusChip status={c.status} /> },
                { label: 'Due', render: (c) => dmy(c.dueOn) },
                { label: 'Price', align: 'right', render: (c) => rupees(c.price) },
                {
                  label: 'Action',
                  align: 'right',
                  render: (c) =>
                    c.status === 'in_transit' ? (
                      <Button size="small" onClick={() => setMoving({ id: c.id, accession: c.accessionNo, to: 'available' })}>
                        Received back
                      </Button>
                    ) : c.status === 'available' || c.status === 'damaged' ? (
                      <Button size="small" onClick={() => setMoving({ id: c.id, accession: c.accessionNo, to: 'in_transit' })}>
                        Send in transit
                      </Button>
                    ) : null,
                },
              ]}
            />
            {moving && <CopyStatusDialog move={moving} onClose={() => setMoving(null)} />}
            <Box
              component="form"
              onSubmit={(e) => {
                e.preventDefault();
                add.mutate(
                  {
                    titleId: id,
                    body: { count: Number(count) || 1, price: Math.round(Number(price || 0) * 100), shelfLocation: shelf },
                  },
                  { onSuccess: (r) => toast.success(r.message), onError: (err) => toast.error(err.message) },
                );
              }}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
            >
              <TextField
                label="Copies"
                type="number"
                value={count}
                onChange={(e) => setCount(e.target.value)}
                sx={{ width: 100 }}
              />
              <TextField
                label="Price (₹)"
                type="number"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                sx={{ width: 130 }}
              />
              <TextField label="Shelf" value={shelf} onChange={(e) => setShelf(e.target.value)} sx={{ width: 150 }} />
              <Button type="submit" variant="outlined" disabled={add.isPending}>
                Add copies
              </Button>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

interface CopyMove {
  id: number;
  accession: string;
  to: 'in_transit' | 'available';
}

/** Sends a copy in transit (binding, transfer) or receives it back, with a note kept in the audit log. */
function CopyStatusDialog({ move, onClose }: { move: CopyMove; onClose: () => void }) {
  const edit = useEditCopy();
  const toast = useToast();
  const [note, setNote] = useState(move.to === 'in_transit' ? 'Sent for binding' : 'Received back');
  const [error, setError] = useState<string | null>(null);
  const out = move.to === 'in_transit';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          edit.mutate(
            { id: move.id, status: move.to, note },
            {
              onSuccess: () => {
                toast.success(out ? `${move.accession} is in transit` : `${move.accession} is back on the shelf`);
                onClose();
              },
              onError: (err) => setError(err.message),
            },
          );
        }}
      >
        <DialogTitle>{out ? `Send ${move.accession} in transit` : `Receive ${move.accession} back`}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {out
              ? 'The desk will not issue the copy until it is received back.'
              : 'The copy goes back on the shelf, or to the hold shelf if someone is waiting for the title.'}
          </Typography>
          <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} fullWidth autoFocus />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={edit.isPending}>
            {out ? 'Send in transit' : 'Received back'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Excel (.xlsx) or MARC21 (.mrc, MARCXML): a dry run shows what would happen and the rejected rows. */
function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [report, setReport] = useState<TLibraryImportReport | null>(null);
  const imp = useImport();
  const toast = useToast();
  return (
    <Box sx={{ mt: 4, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography variant="h6">Import a catalogue</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Excel with columns Title, Authors, ISBN, Publisher, Year, Edition, Subjects, Call Number, Item Type, Accession No, Shelf,
        Price, Vendor; or a MARC21 export (ISO 2709 .mrc or MARCXML) with items in 952.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label">
          {file ? file.name : 'Choose file'}
          <input hidden type="file" accept=".xlsx,.mrc,.marc,.xml" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        <FormControlLabel control={<Switch checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />} label="Dry run" />
        <Button
          variant="contained"
          disabled={!file || imp.isPending}
          onClick={() =>
            file &&
            imp.mutate(
              { file, dryRun },
              {
                onSuccess: setReport,
                onError: (e) => {
                  setReport(null);
                  toast.error(e.message);
                },
              },
            )
          }
        >
          {imp.isPending ? 'Reading…' : dryRun ? 'Check' : 'Import'}
        </Button>
      </Stack>
      {report && (
        <Box sx={{ mt: 2 }}>
          <Alert severity={report.rejected.length ? 'warning' : 'success'}>
            {report.dryRun ? 'Dry run: nothing saved. ' : ''}
            {report.records} records: {report.titlesCreated} new titles, {report.titlesMerged} merged by ISBN,{' '}
            {report.copiesCreated} copies, {report.rejected.length} rejected.
          </Alert>
          {report.rejected.slice(0, 100).map((r) => (
            <Typography key={r.row} variant="body2" color="error">
              Row {r.row}: {r.errors.join('; ')}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
