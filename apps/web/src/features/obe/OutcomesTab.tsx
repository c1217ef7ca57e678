import { useEffect, useState } from 'react';
import { Alert, Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import type { TSubjectOutcomes } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { GridTable } from '../../components/GridTable';
import { useSaveOutcomes } from './api';

type Co = { code: string; statement: string };

/** The subject's COs and the CO–PO/PSO grid (strength 1–3, blank = not mapped), edited together. */
export function OutcomesTab({ data }: { data: TSubjectOutcomes }) {
  const toast = useToast();
  const save = useSaveOutcomes(data.subject.id);
  const [cos, setCos] = useState<Co[]>([]);
  const [grid, setGrid] = useState<Record<string, number>>({});
  const [error, setError] = useState('');
  const key = JSON.stringify([data.cos, data.mapping]);
  useEffect(() => {
    setCos(data.cos.map((c) => ({ code: c.code, statement: c.statement })));
    setGrid(Object.fromEntries(data.mapping.map((m) => [`${m.co}|${m.outcome}`, m.strength])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const edit = data.canEdit;
  const renumber = (list: Co[]) => list.map((c, i) => ({ ...c, code: `CO${i + 1}` }));
  const submit = async () => {
    setError('');
    const codes = new Set(cos.map((c) => c.code));
    const mapping = Object.entries(grid)
      .filter(([k, v]) => v >= 1 && codes.has(k.split('|')[0]))
      .map(([k, strength]) => ({ co: k.split('|')[0], outcome: k.split('|')[1], strength }));
    try {
      await save.mutateAsync({ cos, mapping });
      toast.success('Course outcomes and mapping saved');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Stack spacing={3}>
      {error && <Alert severity="error">{error}</Alert>}
      <Box component="section" aria-labelledby="cos-title">
        <Typography id="cos-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          Course outcomes
        </Typography>
        {cos.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            No course outcomes yet{edit ? ': add the first one.' : '.'}
          </Typography>
        )}
        <Stack spacing={1}>
          {cos.map((c, i) => (
            <Stack key={i} direction="row" spacing={1} alignItems="flex-start">
              <Typography fontWeight={700} sx={{ width: 44, pt: 1 }}>
                {c.code}
              </Typography>
              <TextField
                size="small"
                fullWidth
                multiline
                label={`${c.code} statement`}
                value={c.statement}
                disabled={!edit}
                onChange={(e) => setCos(cos.map((x, k) => (k === i ? { ...x, statement: e.target.value } : x)))}
              />
              {edit && (
                <IconButton aria-label={`Remove ${c.code}`} onClick={() => setCos(renumber(cos.filter((_, k) => k !== i)))}>
                  <Delete />
                </IconButton>
              )}
            </Stack>
          ))}
        </Stack>
        {edit && (
          <Button startIcon={<Add />} sx={{ mt: 1 }} onClick={() => setCos([...cos, { code: `CO${cos.length + 1}`, statement: '' }])}>
            Add course outcome
          </Button>
        )}
      </Box>
      <Box component="section" aria-labelledby="grid-title">
        <Typography id="grid-title" variant="h6" component="h2">
          CO–PO/PSO mapping
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Strength 3 high, 2 medium, 1 low; blank when the CO does not address the outcome. Hover an outcome for its statement.
        </Typography>
        <GridTable
          label="CO-PO mapping grid"
          stickyFirst
          sx={{ '& td, & th': { px: 0.5, textAlign: 'center' } }}
          head={[
            { key: 'co', content: 'CO' },
            ...data.outcomes.map((o) => ({
              key: o.id,
              sx: { minWidth: 48, fontWeight: 700 },
              content: (
                <Tooltip title={`${o.title ? `${o.title}: ` : ''}${o.statement}`}>
                  <span>{o.code}</span>
                </Tooltip>
              ),
            })),
          ]}
          rows={cos.map((c) => ({
            key: c.code,
            cells: [
              { key: 'co', content: c.code, rowHeader: true, sx: { fontWeight: 700 } },
              ...data.outcomes.map((o) => {
                const k = `${c.code}|${o.code}`;
                return {
                  key: o.id,
                  content: (
                    <select
                      aria-label={`${c.code} to ${o.code}`}
                      value={grid[k] ?? ''}
                      disabled={!edit}
                      onChange={(e) => setGrid({ ...grid, [k]: Number(e.target.value) || 0 })}
                      style={{ width: 44, padding: 4, fontSize: 14 }}
                    >
                      <option value="">–</option>
                      <option value="1">1</option>
                      <option value="2">2</option>
                      <option value="3">3</option>
                    </select>
                  ),
                };
              }),
            ],
          }))}
        />
      </Box>
      {edit && (
        <Box>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            Save outcomes and mapping
          </Button>
        </Box>
      )}
    </Stack>
  );
}
