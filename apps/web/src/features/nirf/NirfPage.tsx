import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { TNirfHead, TNirfScore, TNirfTable } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { QualityFrameworkPage, academicYearLabel as label, lastCompletedYear } from '../../components/QualityFrameworkPage';
import { downloadNirf, useNirfData } from './api';

const cell = (v: string | number | null) =>
  v === null ? 'not entered' : typeof v === 'number' ? v.toLocaleString('en-IN', { maximumFractionDigits: 2 }) : v;

function CaptureTable({ t }: { t: TNirfTable }) {
  const rows = t.rows.map((values, i) => ({ i, values }));
  return (
    <DataTable
      label={t.title}
      columns={t.columns.map((c, j) => ({
        key: `c${j}`,
        header: c,
        value: (r: (typeof rows)[number]) => cell(r.values[j] ?? null),
        // numbers sit right, as in the capture sheet; a column is numeric when its first filled cell is
        align: typeof t.rows.find((x) => x[j] !== null)?.[j] === 'number' ? ('right' as const) : undefined,
      }))}
      rows={rows}
      rowKey={(r) => r.i}
      loading={false}
      emptyText="No rows for this year."
      paging={false}
    />
  );
}

/** The inputs a score averages over three years, year by year. */
function PerYear({ s }: { s: TNirfScore }) {
  if (!s.perYear.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }} aria-label={`${s.id} inputs year by year`}>
      {s.perYear.map((y) => (
        <Typography component="li" key={y.year} variant="body2" color="text.secondary">
          <b>{y.label}:</b>{' '}
          {y.inputs.map((i, j) => (
            <Box component="span" key={i.key} sx={{ color: i.missing ? 'warning.main' : undefined }}>
              {j > 0 && ' · '}
              {i.label} {cell(i.value)}
            </Box>
          ))}
        </Typography>
      ))}
    </Box>
  );
}

/** The five heads, their weights and each parameter's marks; what the portal cannot score says why. */
function Heads({ heads }: { heads: TNirfHead[] }) {
  return (
    <Box component="ul" sx={{ m: 0, mb: 2, pl: 2 }} data-testid="nirf-heads">
      {heads.map((h) => (
        <Typography component="li" key={h.id} variant="body2">
          <b>
            {h.id} ({h.title}) × {h.weight.toFixed(2)}:
          </b>{' '}
          {h.id} {h.marks} = {h.parameters.map((p) => `${p.id} ${p.marks}`).join(' + ')}
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            · not scored here:{' '}
            {h.parameters
              .filter((p) => !p.scored)
              .map((p) => `${p.id} (${p.note})`)
              .join('; ') || 'none'}
          </Typography>
        </Typography>
      ))}
    </Box>
  );
}

/** A score's line: the published formula with each symbol beside its value, then the score. */
const Workings = ({ s }: { s: TNirfScore }) => (
  <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid={`nirf-workings-${s.id}`}>
    {s.workings}
  </Typography>
);

/** NIRF (engineering) data capture filled from the portal, with the scores it can compute. */
export function NirfPage() {
  const latest = lastCompletedYear();
  const [year, setYear] = useState(latest);
  const q = useNirfData(year);
  return (
    <QualityFrameworkPage
      framework="nirf"
      title="NIRF data capture"
      subtitle={<>{q.data?.category ?? 'Engineering'} category, filled from the portal's records.</>}
      forbidden="NIRF data is for IQAC, the principal and the admin."
      year={year}
      latest={latest}
      onYear={setYear}
      exportLabel="Export Excel"
      onExport={() => downloadNirf(year)}
      query={q}
      what="the NIRF data"
    >
      {q.data && (
        <>
          {q.data.missingByYear.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0 } }} data-testid="nirf-missing">
              <b>Missing inputs, by year:</b>
              {q.data.missingByYear.map((y) => (
                <Box key={y.year} sx={{ mt: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {y.label}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {y.missing.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </Box>
                </Box>
              ))}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Where NIRF averages over three years (FSR, FQE, GUE, GPH), the score uses the mean of {label(year - 2)} to{' '}
            {label(year)} (for graduation outcomes, their three graduating batches) over the years that have a figure.
          </Typography>
          <Typography variant="h6" sx={{ mb: 1 }}>
            Heads and weights ({q.data.category})
          </Typography>
          <Heads heads={q.data.heads} />
          <Typography variant="h6" sx={{ mb: 1 }}>
            Scores from the institution's own data
          </Typography>
          <Box sx={{ mb: 3 }}>
            <DataTable
              label="NIRF scores"
              testId="nirf-scores"
              columns={[
                {
                  key: 'id',
                  header: 'Sub-parameter',
                  value: (s) => `${s.parameter} · ${s.id} ${s.title}`,
                  render: (s) => (
                    <Box component="span" sx={{ display: 'block', minWidth: { sm: 200 } }}>
                      <b>
                        {s.parameter} · {s.id}
                      </b>{' '}
                      {s.title}
                      {s.missing.map((m) => (
                        <Typography key={m} variant="body2" color="warning.main">
                          ⚠ {m}
                        </Typography>
                      ))}
                    </Box>
                  ),
                },
                {
                  key: 'workings',
                  header: 'Formula and inputs',
                  render: (s) => (
                    <>
                      <Workings s={s} />
                      <Typography variant="body2" color="text.secondary">
                        {s.inputs.map((i) => `${i.label}: ${cell(i.value)}`).join(' · ')}
                      </Typography>
                      <PerYear s={s} />
                    </>
                  ),
                },
                { key: 'weight', header: 'Marks', align: 'right' },
                {
                  key: 'score',
                  header: 'Score',
                  align: 'right',
                  value: (s) => cell(s.score),
                  render: (s) => <b>{cell(s.score)}</b>,
                },
              ]}
              rows={q.data.scores}
              rowKey={(s) => s.id}
              loading={false}
              emptyText="No scores for this year."
              paging={false}
            />
          </Box>
          <Typography variant="h6" sx={{ mb: 1 }}>
            Data capture {q.data.label}
          </Typography>
          {q.data.tables.map((t, i) => (
            <Accordion key={t.id} defaultExpanded={i === 0} disableGutters>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography>
                  {t.title} ({t.rows.length})
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <CaptureTable t={t} />
              </AccordionDetails>
            </Accordion>
          ))}
        </>
      )}
    </QualityFrameworkPage>
  );
}
