import { useState } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useAnnualReport } from './api';
import { rupees, todayIst } from './format';
import { Section } from './Section';

/** This financial year, e.g. '2025-26' (April to March). */
function currentFy() {
  const now = todayIst();
  const start = Number(now.slice(0, 4)) - (Number(now.slice(5, 7)) < 4 ? 1 : 0);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A financial year's money figures for NAAC and NIRF: receipts, expenditure, government share, beneficiaries. */
export function AnnualPanel() {
  const [fy, setFy] = useState(currentFy);
  const q = useAnnualReport(fy);
  const d = q.data;
  return (
    <Section
      title="NAAC / NIRF figures"
      action={<TextField size="small" label="Financial year" value={fy} onChange={(e) => setFy(e.target.value)} />}
    >
      <QueryState spinner query={q}>
        {d && (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography>
              Fee receipts: <b>{rupees(d.feeReceiptsPaise)}</b> · Expenditure (vendor payments):{' '}
              <b>{rupees(d.expenditurePaise)}</b>
            </Typography>
            <Typography>
              Government share: pending {rupees(d.governmentReceivable.pendingPaise)} · sanctioned{' '}
              {rupees(d.governmentReceivable.sanctionedPaise)} · received {rupees(d.governmentReceivable.receivedPaise)}
            </Typography>
            <Typography variant="subtitle2">Scholarship and concession beneficiaries</Typography>
            <DataTable
              label="Beneficiaries"
              columns={[
                { key: 'category', header: 'Category' },
                { key: 'typeName', header: 'Scheme' },
                { key: 'students', header: 'Students', align: 'right' },
                { key: 'amountPaise', header: 'Amount', align: 'right', value: (b) => rupees(b.amountPaise) },
              ]}
              rows={d.scholarshipBeneficiaries}
              rowKey={(b) => `${b.category}-${b.typeName}`}
              loading={false}
              emptyText="None approved this year."
              paging={false}
            />
          </Box>
        )}
      </QueryState>
    </Section>
  );
}
