import { useState } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { formulaInWords, type TNaacMetric } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { QualityFrameworkPage, academicYearLabel, lastCompletedYear } from '../../components/QualityFrameworkPage';
import { downloadNaac, useNaacMetrics } from './api';
import { EvidenceDialog } from './EvidenceDialog';
import { figure, withUnit } from './format';

function History({ m }: { m: TNaacMetric }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {m.history.map((h) => (
        <Chip key={h.year} size="small" variant="outlined" label={`${h.label}: ${figure(h.value)}`} />
      ))}
    </Stack>
  );
}

function Warnings({ m }: { m: TNaacMetric }) {
  if (!m.warnings.length) return null;
  return (
    <Box>
      {m.warnings.map((w) => (
        <Typography key={w} variant="body2" color="warning.main">
          ⚠ {w}
        </Typography>
      ))}
    </Box>
  );
}

/** The formula as a person reads it: each input by its label ("Students admitted ÷ sanctioned intake × 100"). */
const formulaWords = (m: Pick<TNaacMetric, 'formula' | 'inputs'>) =>
  formulaInWords(m.formula, Object.fromEntries(m.inputs.map((i) => [i.key, i.label])));

/** NAAC's quantitative metrics for a year, each with its formula, inputs, five-year history and rows. */
export function NaacPage() {
  const latest = lastCompletedYear();
  const [year, setYear] = useState(latest);
  const [metric, setMetric] = useState<string | null>(null);
  const q = useNaacMetrics(year);

  return (
    <QualityFrameworkPage
      framework="naac"
      title="NAAC metrics"
      subtitle={<>{q.data?.framework ?? 'Quantitative metrics of the SSR'}, computed from the portal's records.</>}
      forbidden="NAAC figures are for IQAC, the principal and the admin."
      year={year}
      latest={latest}
      onYear={setYear}
      exportLabel={`Export Excel (${academicYearLabel(year - 4)} to ${academicYearLabel(year)})`}
      onExport={() => downloadNaac(year)}
      query={q}
      what="the NAAC metrics"
    >
      {q.data && (
        <DataTable
          label="NAAC metrics"
          testId="naac-metrics"
          columns={[
            {
              key: 'id',
              header: 'Metric',
              value: (m) => `${m.id} ${m.title}`,
              render: (m) => (
                <Box component="span" sx={{ display: 'block', minWidth: { sm: 220 } }}>
                  <b>{m.id}</b> {m.title}
                  <Warnings m={m} />
                </Box>
              ),
            },
            {
              key: 'formula',
              header: 'Formula and inputs',
              value: (m) => formulaWords(m),
              render: (m) => (
                <Box component="span" sx={{ display: 'block', minWidth: { sm: 260 }, wordBreak: 'break-word' }}>
                  <Typography variant="body2" title={m.formula} data-testid="naac-formula">
                    {formulaWords(m)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {m.inputs.map((i) => `${i.label}: ${figure(i.value)}${i.source === 'iqac' ? ' (IQAC)' : ''}`).join(' · ')}
                  </Typography>
                </Box>
              ),
            },
            {
              key: 'value',
              header: q.data.label,
              align: 'right',
              nowrap: true,
              value: (m) => withUnit(m.value, m.unit),
              render: (m) => <b>{withUnit(m.value, m.unit)}</b>,
            },
            {
              key: 'history',
              header: 'Five years',
              value: (m) => m.history.map((h) => `${h.label}: ${figure(h.value)}`).join(', '),
              render: (m) => <History m={m} />,
            },
          ]}
          rows={q.data.metrics}
          rowKey={(m) => m.id}
          loading={false}
          emptyText="No metrics are defined."
          paging={false}
          actionsHeader="Rows"
          actions={(m) => (
            <Button size="small" onClick={() => setMetric(m.id)} aria-label={`Rows behind ${m.id}`}>
              Rows
            </Button>
          )}
        />
      )}
      <EvidenceDialog metric={metric} year={year} onClose={() => setMetric(null)} />
    </QualityFrameworkPage>
  );
}
