import { useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  OVERRIDE_ALLOWANCE_LABELS,
  OVERRIDE_ALLOWANCES,
  ROLES,
  ZPatronOverrideInput,
  type TAllowances,
  type TPatronOverrideDetail,
  type TPatronOverrideInput,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { getSessionUser } from '../../lib/session';
import { usePatronOverride, useRemoveOverride, useSaveOverride } from './api';
import { dmy, rupees } from './format';
import { LibraryPage } from './LibraryPage';
import { ResponsiveList } from './ResponsiveList';
import { PatronSearch } from './CodeEntry';

/**
 * Patron overrides: the incharge finds a patron, sees their category and what it allows, and
 * puts them in another category or gives them specific allowances or another borrowing end date,
 * with a reason and an optional end of the override. The history is the audit log's rows.
 */
export function OverridesPage() {
  const [code, setCode] = useState<string | null>(null);
  const view = usePatronOverride(code);
  const canEdit = !!getSessionUser()?.roles.some((r) => r === ROLES.LIBRARY_INCHARGE || r === ROLES.ADMIN);
  return (
    <LibraryPage title="Patron Overrides">
      <Stack spacing={2}>
        <PatronSearch label="Patron (roll number or employee code)" testId="override-patron" onFind={setCode} />
        <QueryState spinner query={view}>
          {view.data && (
            <>
              <PatronSummary d={view.data} canEdit={canEdit} />
              <AllowanceTable d={view.data} />
              {canEdit ? (
                <OverrideForm key={`${view.data.patron.code}-${view.data.override?.updatedAt ?? ''}`} d={view.data} />
              ) : (
                <Alert severity="info">Only the library incharge changes a patron&apos;s category or allowances.</Alert>
              )}
              <History d={view.data} />
            </>
          )}
        </QueryState>
      </Stack>
    </LibraryPage>
  );
}

function PatronSummary({ d, canEdit }: { d: TPatronOverrideDetail; canEdit: boolean }) {
  const [removing, setRemoving] = useState(false);
  const o = d.override;
  const defaultName = d.categories.find((c) => c.code === d.defaultCategory)?.name ?? d.defaultCategory;
  return (
    <Card variant="outlined" data-testid="override-summary">
      <CardContent>
        <Typography variant="h6">{d.patron.name}</Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {d.patron.code} · {d.patron.detail || (d.patron.kind === 'student' ? 'Student' : 'Staff')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            color={d.overridden.includes('category') ? 'warning' : 'default'}
            label={`Borrows as ${d.categoryName}`}
            data-testid="override-category"
          />
          {d.overridden.includes('category') && <Chip variant="outlined" label={`Default: ${defaultName}`} />}
          <Chip
            variant="outlined"
            color={d.overridden.includes('expiresOn') ? 'warning' : 'default'}
            label={d.expiresOn ? `Borrowing until ${dmy(d.expiresOn)}` : 'No borrowing end date'}
          />
        </Stack>
        {o && (
          <Alert
            severity={o.lapsed ? 'info' : 'warning'}
            sx={{ mt: 2 }}
            data-testid="override-current"
            action={
              canEdit ? (
                <Button color="inherit" size="small" onClick={() => setRemoving(true)}>
                  Remove
                </Button>
              ) : undefined
            }
          >
            {o.lapsed
              ? `The override ended on ${dmy(o.endsOn)}: the category's rule applies again.`
              : `Override in force${o.endsOn ? ` until ${dmy(o.endsOn)}` : ''}.`}{' '}
            Reason: {o.reason}
          </Alert>
        )}
      </CardContent>
      {removing && <RemoveDialog patron={d.patron.code} onClose={() => setRemoving(false)} />}
    </Card>
  );
}

const ROWS: Array<[keyof TAllowances, string, 'n' | 'days' | 'money']> = [
  ['maxLoans', 'Items on loan', 'n'],
  ['loanDays', 'Loan period', 'days'],
  ['renewals', 'Renewals', 'n'],
  ['holdLimit', 'Holds', 'n'],
  ['graceDays', 'Grace days', 'days'],
  ['finePerPeriod', 'Fine per period', 'money'],
  ['fineCap', 'Fine cap per item', 'money'],
  ['blockFineTotal', 'Issuing stops above', 'money'],
];

/** A small three-column table on every screen width (it fits a phone; cards would be eight screens long). */
function AllowanceTable({ d }: { d: TPatronOverrideDetail }) {
  const show = (v: number, kind: 'n' | 'days' | 'money') =>
    kind === 'money' ? rupees(v) : kind === 'days' ? `${v} d` : String(v);
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Allowances
      </Typography>
      <Box
        component="table"
        data-testid="override-allowances"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 1, fontSize: 14, textAlign: 'right' },
          '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
          '& th': { fontWeight: 700, bgcolor: 'action.hover' },
        }}
      >
        <thead>
          <tr>
            <th>Allowance</th>
            <th>{d.categoryName} rule</th>
            <th>Applies now</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([k, label, kind]) => (
            <tr key={k}>
              <td>{label}</td>
              <td>{show(d.ruleAllowances[k], kind)}</td>
              <td>
                {d.overridden.includes(k) ? (
                  <Chip size="small" color="warning" label={`${show(d.allowances[k], kind)} (override)`} />
                ) : (
                  show(d.allowances[k], kind)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const dateOrNull = (v: unknown) => (v ? String(v) : null);

function OverrideForm({ d }: { d: TPatronOverrideDetail }) {
  const save = useSaveOverride();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const o = d.override && !d.override.lapsed ? d.override : null;
  const form = useForm<TPatronOverrideInput>({
    resolver: zodResolver(ZPatronOverrideInput) as never,
    defaultValues: {
      category: o?.category ?? d.defaultCategory,
      maxLoans: o?.maxLoans ?? null,
      loanDays: o?.loanDays ?? null,
      renewals: o?.renewals ?? null,
      holdLimit: o?.holdLimit ?? null,
      expiresOn: o?.expiresOn ?? null,
      endsOn: o?.endsOn ?? null,
      reason: '',
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit((v) => {
    setError(null);
    save.mutate(
      { patron: d.patron.code, body: v },
      { onSuccess: (r) => toast.success(r.message), onError: (e) => setError(e.message) },
    );
  });
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography variant="h6">{o ? 'Change the override' : 'Override'}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Leave an allowance empty to keep the category&apos;s. The reason is kept in the history.
      </Typography>
      <Stack spacing={2}>
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <TextField
              select
              label="Category"
              value={field.value ?? d.defaultCategory}
              onChange={(e) => field.onChange(e.target.value)}
              sx={{ maxWidth: { sm: 360 } }}
            >
              {d.categories.map((c) => (
                <MenuItem key={c.code} value={c.code}>
                  {c.name}
                  {c.code === d.defaultCategory ? ' (default)' : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
          {OVERRIDE_ALLOWANCES.map((k) => (
            <TextField
              key={k}
              label={OVERRIDE_ALLOWANCE_LABELS[k]}
              type="number"
              placeholder={String(d.ruleAllowances[k])}
              slotProps={{ inputLabel: { shrink: true } }}
              {...register(k, { setValueAs: numberOrNull })}
              error={!!errors[k]}
              helperText={errors[k]?.message ?? `Category: ${d.ruleAllowances[k]}`}
            />
          ))}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            label="Borrowing until (optional)"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
            {...register('expiresOn', { setValueAs: dateOrNull })}
            error={!!errors.expiresOn}
            helperText={
              errors.expiresOn?.message ?? (d.defaultExpiresOn ? `Default ${dmy(d.defaultExpiresOn)}` : 'No default end')
            }
          />
          <TextField
            label="Override ends on (optional)"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
            {...register('endsOn', { setValueAs: dateOrNull })}
            error={!!errors.endsOn}
            helperText={errors.endsOn?.message ?? 'After this day the category’s rule applies again'}
          />
        </Box>
        <TextField
          label="Reason"
          multiline
          minRows={2}
          required
          {...register('reason')}
          error={!!errors.reason}
          helperText={errors.reason?.message}
          inputProps={{ 'data-testid': 'override-reason' }}
        />
        {error && (
          <Alert severity="error" data-testid="override-error">
            {error}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save override
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function RemoveDialog({ patron, onClose }: { patron: string; onClose: () => void }) {
  const remove = useRemoveOverride();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.mutate(
      { patron, reason },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit}>
        <DialogTitle>Remove the override?</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            The patron goes back to their category&apos;s allowances and borrowing end date.
          </Typography>
          <TextField
            label="Reason for removing"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            autoFocus
            multiline
            minRows={2}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={remove.isPending}>
            Remove override
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

const FIELD_LABELS: Record<string, string> = {
  category: 'category',
  expiresOn: 'borrowing until',
  endsOn: 'ends',
  ...Object.fromEntries(OVERRIDE_ALLOWANCES.map((k) => [k, OVERRIDE_ALLOWANCE_LABELS[k].toLowerCase()])),
};

/** "category PG student, items on loan 8, ends 30-06-2028" from an audit row's after. */
function describe(after: unknown, action: string, names: Map<string, string>): string {
  if (action.endsWith('.remove')) return 'Override removed';
  const a = (after ?? {}) as Record<string, unknown>;
  const value = (k: string, v: unknown) =>
    k === 'category'
      ? (names.get(String(v)) ?? String(v))
      : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
        ? dmy(v)
        : String(v);
  const parts = Object.entries(a)
    .filter(([k, v]) => k !== 'reason' && v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${FIELD_LABELS[k] ?? k} ${value(k, v)}`);
  return parts.length ? parts.join(', ') : 'Override set';
}

/** dd-mm-yyyy hh:mm in India time from an ISO timestamp. */
const istStamp = (at: string) => {
  const t = new Date(Date.parse(at) + 330 * 60_000).toISOString();
  return `${dmy(t)} ${t.slice(11, 16)}`;
};

function History({ d }: { d: TPatronOverrideDetail }) {
  const names = new Map(d.categories.map((c) => [c.code, c.name]));
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 1 }}>
        History
      </Typography>
      <ResponsiveList
        rows={d.history}
        keyOf={(h) => h.id}
        empty="No overrides yet."
        testId="override-history"
        columns={[
          { label: 'When', render: (h) => istStamp(h.at) },
          { label: 'By', render: (h) => h.username },
          { label: 'Change', render: (h) => describe(h.after, h.action, names) },
          { label: 'Reason', render: (h) => h.reason },
        ]}
      />
    </Box>
  );
}
