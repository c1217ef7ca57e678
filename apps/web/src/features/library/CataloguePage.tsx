import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { ITEM_TYPE_LABELS, type TCopy, type TItemType, type TLibraryImportReport, type TTitle } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useAddCopies, useImport, useTitle } from './api';
import { CopyStatusDialog, copyTargets } from './CopyStatusDialog';
import { dmy, rupees } from './format';
import { LibraryPage } from './LibraryPage';
import { ResponsiveList } from './ResponsiveList';
import { StatusChip } from './StatusChip';
import { TitleFormDialog } from './TitleFormDialog';
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
        <TitleFormDialog
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

/** A title's catalogue fields, as the dialog lists them. */
const FIELDS: Array<[label: string, value: (t: TTitle) => string | number | null]> = [
  ['Subtitle', (t) => t.subtitle],
  ['Authors', (t) => t.authors],
  ['ISBN', (t) => t.isbn],
  ['Publisher', (t) => t.publisher],
  ['Year', (t) => t.year],
  ['Edition', (t) => t.edition],
  ['Subjects', (t) => t.subjects],
  ['Call number', (t) => t.callNumber],
  ['Language', (t) => t.language],
  ['Pages', (t) => t.pages],
  ['Item type', (t) => ITEM_TYPE_LABELS[t.itemType as TItemType] ?? t.itemType],
];

function TitleDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const title = useTitle(id);
  const add = useAddCopies();
  const toast = useToast();
  const [count, setCount] = useState('1');
  const [price, setPrice] = useState('');
  const [shelf, setShelf] = useState('');
  const [editing, setEditing] = useState(false);
  const [changing, setChanging] = useState<TCopy | null>(null);
  const t = title.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="title-dialog-title">
      <DialogTitle id="title-dialog-title" data-testid="title-dialog-title">
        {t ? t.title : 'Title'}
      </DialogTitle>
      <DialogContent>
        <QueryState spinner query={title}>
          {t && (
            <Stack spacing={2}>
              <Box
                component="dl"
                data-testid="title-fields"
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}
              >
                {FIELDS.filter(([, value]) => value(t) !== null && value(t) !== '').map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
                      {value(t)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <Box>
                <Button variant="outlined" onClick={() => setEditing(true)}>
                  Edit title
                </Button>
              </Box>
              <ResponsiveList
                rows={t.copyList}
                keyOf={(c) => c.id}
                empty="No copies yet."
                testId="title-copies"
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
                      copyTargets(c.status).length > 0 ? (
                        <Button
                          size="small"
                          onClick={() => setChanging(c)}
                          aria-label={`Change the status of copy ${c.accessionNo}`}
                        >
                          Status…
                        </Button>
                      ) : null,
                  },
                ]}
              />
              {changing && <CopyStatusDialog copy={changing} onClose={() => setChanging(null)} />}
              {editing && <TitleFormDialog title={t} onClose={() => setEditing(false)} />}
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
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
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
