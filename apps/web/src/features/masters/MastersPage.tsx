import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  MASTER_IMPORT_COLUMNS,
  MASTER_IMPORT_TITLES,
  MASTERS_WRITE_ROLES,
  ZMasterInputs,
  type TMasterImportKind,
  type TMasterKind,
} from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { ImportPanel } from '../../components/ImportPanel';
import { getSessionUser } from '../../lib/session';
import { useMasterList, useRetireMaster, useSaveMaster, type MasterBody } from './api';
import { KINDS, type Field, type KindDef } from './kinds';

function SelectField({
  field,
  value,
  onChange,
  error,
}: {
  field: Field;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
}) {
  const rows = useMasterList(field.from?.kind ?? 'departments', { pageSize: 500 });
  const options = field.options
    ? field.options.map((o) => ({ value: o as string | number, label: field.optionLabel ? field.optionLabel(o) : o }))
    : (rows.data?.items ?? []).map((r) => ({
        value: field.from!.value ? field.from!.value(r) : r.id,
        label: field.from!.label(r),
      }));
  return (
    <TextField
      select
      size="small"
      label={field.label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      error={Boolean(error)}
      helperText={error}
      fullWidth
    >
      <MenuItem value="">None</MenuItem>
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function EditDialog({ def, row, onClose }: { def: KindDef; row: Record<string, unknown> | null; onClose: () => void }) {
  const save = useSaveMaster(def.kind);
  const toast = useToast();
  const initial = Object.fromEntries(Object.keys(def.empty).map((k) => [k, row?.[k] ?? def.empty[k]]));
  const { control, handleSubmit } = useForm({ resolver: zodResolver(ZMasterInputs[def.kind] as never), defaultValues: initial });
  const submit = handleSubmit((body) =>
    save.mutate(
      // the resolver checked the values with the kind's own input schema
      { id: row?.id as number | undefined, body: body as MasterBody<TMasterKind> },
      {
        onSuccess: () => {
          toast.success(`${def.title}: saved`);
          onClose();
        },
        onError: (e) => toast.error(e.message),
      },
    ),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`${row ? 'Edit' : 'Add'} · ${def.title}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }} component="form" id="master-form" onSubmit={submit} noValidate>
          {def.fields.map((f) => (
            <Controller
              key={f.name}
              name={f.name}
              control={control}
              render={({ field, fieldState }) =>
                f.type === 'check' ? (
                  <FormControlLabel
                    control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
                    label={f.label}
                  />
                ) : f.type === 'select' ? (
                  <SelectField field={f} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                ) : (
                  <TextField
                    size="small"
                    label={f.label}
                    type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value)}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    slotProps={f.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
                  />
                )
              }
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="master-form" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The shared import panel for one master sheet, with its template. */
function MasterImport({ kind, onClose }: { kind: TMasterImportKind; onClose: () => void }) {
  const title = MASTER_IMPORT_TITLES[kind];
  const columns = MASTER_IMPORT_COLUMNS[kind].map((c) => (c.required ? `${c.header}*` : c.header)).join(', ');
  return (
    <Box sx={{ mb: 2 }}>
      <ImportPanel
        title={`Import ${title.toLowerCase()} from Excel`}
        endpoint={{ path: `masters/import/${kind}` }}
        template={{ endpoint: { path: `masters/import/${kind}/template` }, fileName: `${kind}-template.xlsx` }}
        invalidates={[['masters']]}
        labels={{
          rowNoun: 'rows',
          rejectedTitle: 'Rejected rows',
          hint: `Columns: ${columns} (* required). A row whose code exists corrects it.`,
        }}
        actions={<Button onClick={onClose}>Close</Button>}
      />
    </Box>
  );
}

const IMPORTS: Partial<Record<string, TMasterImportKind[]>> = {
  subjects: ['subjects'],
  sections: ['sections', 'section-students'],
  faculty: ['faculty'],
};

function KindList({ def }: { def: KindDef }) {
  const [importing, setImporting] = useState<TMasterImportKind | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [retired, setRetired] = useState(false);
  const [editing, setEditing] = useState<Record<string, unknown> | null | 'new'>(null);
  const list = useMasterList(def.kind, { q, page: page + 1, pageSize: 25, includeRetired: retired });
  const retire = useRetireMaster(def.kind);
  const toast = useToast();
  const confirm = useConfirm();
  const canWrite = Boolean(getSessionUser()?.roles.some((r) => (MASTERS_WRITE_ROLES as string[]).includes(r)));
  const remove = async (row: Record<string, unknown>) => {
    if (
      !(await confirm({
        title: 'Retire this record? It stays on the records that use it.',
        confirmText: 'Retire',
        cancelText: 'Cancel',
      }))
    )
      return;
    retire.mutate(row.id as number, { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) });
  };
  const cell = (v: unknown) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : v == null ? '' : String(v));
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          label={`Search ${def.title.toLowerCase()}`}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
        />
        <FormControlLabel
          control={<Switch checked={retired} onChange={(e) => setRetired(e.target.checked)} />}
          label="Show retired"
        />
        {canWrite && <Button variant="contained" onClick={() => setEditing('new')}>{`Add`}</Button>}
        {canWrite &&
          (IMPORTS[def.kind] ?? []).map((k) => (
            <Button key={k} variant="outlined" onClick={() => setImporting(k)}>
              {k === 'section-students' ? 'Import students into sections' : 'Import from Excel'}
            </Button>
          ))}
      </Stack>
      {importing && <MasterImport key={importing} kind={importing} onClose={() => setImporting(null)} />}
      <DataTable
        label={def.title}
        columns={[
          ...def.columns.map(([k, label, read]) => ({
            key: k,
            header: label,
            value: (r: Record<string, unknown>) => (read ? read(r[k]) : cell(r[k])),
          })),
          { key: 'retired', header: 'Status', value: (r) => (r.retired ? 'Retired' : 'Active') },
        ]}
        {...queryRows(list, (d): Array<Record<string, unknown>> => d.items)}
        rowKey={(r) => r.id as number}
        emptyText="Nothing found."
        paging={{ page, pageSize: 25, total: list.data?.total, onPage: setPage }}
        actions={
          canWrite
            ? (r) => (
                <>
                  <Button size="small" onClick={() => setEditing(r)}>
                    Edit
                  </Button>
                  {!r.retired && (
                    <Button size="small" color="error" onClick={() => remove(r)}>
                      Retire
                    </Button>
                  )}
                </>
              )
            : undefined
        }
      />
      {editing && <EditDialog def={def} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/** Degrees, courses, regulations, branches, batches, semesters, sections, subjects and faculty records. */
export function MastersPage() {
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 1 }}>
        Academic masters
      </Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {KINDS.map((k, i) => (
          <Tab key={k.kind} value={i} label={k.title} />
        ))}
      </Tabs>
      <KindList key={KINDS[tab].kind} def={KINDS[tab]} />
    </Box>
  );
}
