import { useEffect, useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  FINE_CAP_KIND_LABELS,
  FINE_CAP_KINDS,
  FINE_ROUNDING_LABELS,
  FINE_ROUNDINGS,
  ROLES,
  ZRulesInput,
  type TRule,
  type TRulesInput,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { getSessionUser } from '../../lib/session';
import { useRules, useSaveRules } from './api';
import { LibraryPage } from './LibraryPage';

const NUMBERS: Array<[keyof TRule, string, boolean]> = [
  ['maxLoans', 'Max items', false],
  ['loanDays', 'Loan days', false],
  ['renewals', 'Renewals', false],
  ['graceDays', 'Grace days', false],
  ['finePerPeriod', 'Fine ₹ / period', true],
  ['finePeriodDays', 'Period (days)', false],
  ['fineCap', 'Cap amount ₹', true],
  ['blockFineTotal', 'Block above ₹', true],
  ['holdLimit', 'Holds', false],
  ['holdShelfDays', 'Hold shelf days', false],
  ['lostProcessingFee', 'Lost processing ₹', true],
];

/** The two fine rules that are choices, as Koha's: how a part charge period counts, and what caps a fine. */
const CHOICES: Array<[keyof TRule, string, readonly string[], Record<string, string>]> = [
  ['fineRounding', 'Part period', FINE_ROUNDINGS, FINE_ROUNDING_LABELS],
  ['fineCapKind', 'Fine capped at', FINE_CAP_KINDS, FINE_CAP_KIND_LABELS],
];

/** Allowances: the circulation rules matrix (patron category × item type, * for any; the most specific wins). */
export function RulesPage() {
  const rules = useRules();
  const save = useSaveRules();
  const toast = useToast();
  const canEdit = !!getSessionUser()?.roles.some((r) => r === ROLES.LIBRARY_INCHARGE || r === ROLES.ADMIN);
  const [draft, setDraft] = useState<TRulesInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (rules.data) setDraft({ categories: rules.data.categories, rules: rules.data.rules });
  }, [rules.data]);

  const set = (i: number, key: keyof TRule, value: string, money: boolean) =>
    setDraft(
      (d) =>
        d && {
          ...d,
          rules: d.rules.map((r, k) =>
            k === i
              ? {
                  ...r,
                  [key]:
                    key === 'category' || key === 'itemType' || CHOICES.some(([k]) => k === key)
                      ? value
                      : money
                        ? Math.round(Number(value) * 100)
                        : Number(value),
                }
              : r,
          ),
        },
    );
  const submit = () => {
    const parsed = ZRulesInput.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the rules');
    setError(null);
    save.mutate(parsed.data, { onSuccess: () => toast.success('Allowances saved'), onError: (e) => setError(e.message) });
  };

  return (
    <LibraryPage title="Allowances">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        One row per patron category and item type; * means any. The most specific row wins. Reference items are never lent. Due
        dates on holidays move to the next working day, and a due date that later became a holiday counts from the next working
        day; overdue days count working days only. As in Koha, a fine charges whole periods only unless the rule rounds a part
        period up, and is capped only as the rule says (the cap amount, or the copy’s price).
      </Typography>
      <QueryState spinner query={rules}>
        {draft && (
          <Stack spacing={2}>
            <Typography variant="body2">Categories: {draft.categories.map((c) => `${c.code} (${c.name})`).join(', ')}</Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Box
                component="table"
                sx={{
                  borderCollapse: 'collapse',
                  '& td, & th': { p: 0.5, borderBottom: 1, borderColor: 'divider', fontSize: 13 },
                  '& input': { width: 64 },
                }}
              >
                <thead>
                  <tr>
                    <th>Category</th>
                    <th>Item type</th>
                    {NUMBERS.map(([, label]) => (
                      <th key={label}>{label}</th>
                    ))}
                    {CHOICES.map(([, label]) => (
                      <th key={label}>{label}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {draft.rules.map((r, i) => (
                    <tr key={`${r.category}-${r.itemType}-${i}`}>
                      <td>{r.category}</td>
                      <td>{r.itemType}</td>
                      {NUMBERS.map(([key, label, money]) => (
                        <td key={key}>
                          <TextField
                            size="small"
                            type="number"
                            disabled={!canEdit}
                            value={money ? (r[key] as number) / 100 : r[key]}
                            onChange={(e) => set(i, key, e.target.value, money)}
                            inputProps={{ 'aria-label': `${label} for ${r.category} ${r.itemType}` }}
                          />
                        </td>
                      ))}
                      {CHOICES.map(([key, label, options, labels]) => (
                        <td key={key}>
                          <TextField
                            select
                            size="small"
                            disabled={!canEdit}
                            value={r[key]}
                            onChange={(e) => set(i, key, e.target.value, false)}
                            inputProps={{ 'aria-label': `${label} for ${r.category} ${r.itemType}` }}
                            sx={{ minWidth: 150 }}
                          >
                            {options.map((o) => (
                              <MenuItem key={o} value={o}>
                                {labels[o]}
                              </MenuItem>
                            ))}
                          </TextField>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
            {error && <Alert severity="error">{error}</Alert>}
            {canEdit && (
              <Box>
                <Button variant="contained" onClick={submit} disabled={save.isPending}>
                  Save allowances
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </QueryState>
    </LibraryPage>
  );
}
