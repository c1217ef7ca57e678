import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { TAnalyticsPlacements } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { usePlacementFigures } from './api';
import { placementsDrill } from './drill';
import { shortRupees } from './format';
import { Titled } from './MoneyTables';
import { Panel } from './Panel';
import { ScreenReaderTable } from './ScreenReaderTable';
import { thisAcademicYear, YearField } from './YearField';

type Line = TAnalyticsPlacements['batches'][number]['branches'][number];
interface Row extends Line {
  batch: string;
  label: string;
  lastYearPercent: number | null;
}

const rupees = (v: number | null) => (v === null ? '—' : shortRupees(v * 100));
const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);
/** Lakh for the chart's axis: ₹9,00,000 → 9. */
const lakh = (v: number | null) => (v === null ? 0 : Math.round(v / 1000) / 100);
const span = (batch: string) => Number(batch.slice(5)) - Number(batch.slice(0, 4));

/** Each branch of each batch leaving this year, with the same branch of last year's batch of the same length beside. */
function rowsOf(f: TAnalyticsPlacements): Row[] {
  const many = f.batches.length > 1;
  return f.batches.flatMap((b) => {
    const before = f.lastYearBatches.find((l) => span(l.batch) === span(b.batch));
    return b.branches.map((l) => ({
      ...l,
      batch: b.batch,
      label: many ? `${l.branch} (${b.batch})` : l.branch,
      lastYearPercent: before?.branches.find((x) => x.branch === l.branch)?.placementPercent ?? null,
    }));
  });
}

function PlacedChart({ rows, f }: { rows: Row[]; f: TAnalyticsPlacements }) {
  const navigate = useNavigate();
  return (
    <Box data-testid="chart-placements-placed" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Placed % by branch
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.label) }]}
          yAxis={[{ min: 0, max: 100, width: 40 }]}
          series={[
            { data: rows.map((r) => r.placementPercent), label: f.year.label },
            { data: rows.map((r) => r.lastYearPercent ?? 0), label: f.lastYear.label },
          ]}
          onAxisClick={(_e, d) => d && navigate(placementsDrill.stats(rows[d.dataIndex].batch))}
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Placed % by branch"
        head={['Branch', `Placed ${f.year.label}`, `Placed ${f.lastYear.label}`]}
        rows={rows.map((r) => [r.label, pct(r.placementPercent), pct(r.lastYearPercent)])}
      />
    </Box>
  );
}

function CtcChart({ rows }: { rows: Row[] }) {
  return (
    <Box data-testid="chart-placements-ctc" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Highest and median CTC by branch (₹ lakh a year)
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.label) }]}
          yAxis={[{ width: 40 }]}
          series={[
            { data: rows.map((r) => lakh(r.highestCtcRupees)), label: 'Highest' },
            { data: rows.map((r) => lakh(r.medianCtcRupees)), label: 'Median' },
          ]}
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Highest and median CTC by branch"
        head={['Branch', 'Highest CTC', 'Median CTC']}
        rows={rows.map((r) => [r.label, rupees(r.highestCtcRupees), rupees(r.medianCtcRupees)])}
      />
    </Box>
  );
}

/** Offers, % placed, median and highest CTC by branch: the placement cell's own statistics. */
export function PlacementsSection() {
  const [year, setYear] = useState(thisAcademicYear);
  const q = usePlacementFigures(String(year));
  const f = q.data;
  const rows = f ? rowsOf(f) : [];
  return (
    <Panel title="Placements" action={<YearField value={year} onChange={setYear} />}>
      <QueryState query={q} height={300} what="the placement figures">
        {f && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="placements-summary">
              {f.batches.length
                ? f.batches
                    .map(
                      (b) =>
                        `Batch ${b.batch}: ${b.total.placed} of ${b.total.eligible} eligible placed (${pct(b.total.placementPercent)}), ${b.total.offers} offers, highest ${rupees(b.total.highestCtcRupees)}, median ${rupees(b.total.medianCtcRupees)}`,
                    )
                    .join('; ') + '. Click a branch to open the placement cell’s statistics.'
                : `No batch leaves in ${f.year.label}.`}
            </Typography>
            {rows.length > 0 && (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, mb: 2 }}>
                <PlacedChart rows={rows} f={f} />
                {rows.some((r) => r.highestCtcRupees !== null) ? (
                  <CtcChart rows={rows} />
                ) : (
                  <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                    No offer yet this year, so no CTC to show.
                  </Typography>
                )}
              </Box>
            )}
            <Titled title="Branches">
              <DataTable
                label="Placements by branch"
                columns={[
                  {
                    key: 'label',
                    header: 'Branch',
                    render: (r) => (
                      <Link component={RouterLink} to={placementsDrill.stats(r.batch)} aria-label={`Placement statistics of ${r.label}`}>
                        {r.label}
                      </Link>
                    ),
                    value: (r) => r.label,
                  },
                  { key: 'students', header: 'Students', align: 'right', hideBelow: 'md' },
                  { key: 'eligible', header: 'Eligible', align: 'right', hideBelow: 'md' },
                  { key: 'placed', header: 'Placed', align: 'right' },
                  { key: 'placementPercent', header: 'Placed %', align: 'right', value: (r) => pct(r.placementPercent) },
                  { key: 'offers', header: 'Offers', align: 'right' },
                  { key: 'highestCtcRupees', header: 'Highest CTC', align: 'right', value: (r) => rupees(r.highestCtcRupees) },
                  { key: 'medianCtcRupees', header: 'Median CTC', align: 'right', value: (r) => rupees(r.medianCtcRupees) },
                  { key: 'lastYearPercent', header: 'Placed % last year', align: 'right', hideBelow: 'lg', value: (r) => pct(r.lastYearPercent) },
                ]}
                rows={rows}
                rowKey={(r) => `${r.batch}|${r.branch}`}
                loading={false}
                emptyText="No student of a batch leaving this year."
                paging={false}
              />
            </Titled>
          </>
        )}
      </QueryState>
    </Panel>
  );
}
