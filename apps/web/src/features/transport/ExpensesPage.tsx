import { useState } from 'react';
import { Box, Button, Chip, FormControlLabel, Switch, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { EXPENSE_CATEGORIES, type TExpense, type TExpenseCategory } from '@erp/shared';
import { DataTable, queryRows, type DataColumn } from '../../components/DataTable';
import { useServerList } from '../../components/useServerList';
import { useToast } from '../../components/feedback';
import { useExpenses, useVehicles } from './api';
import { FilterSelect, TransportShell } from './common';
import { categoryLabel, ddmmyyyy, rupees } from './format';
import { ExpenseDialog } from './ExpenseDialog';

const fuelLine = (e: TExpense) =>
  e.category === 'fuel'
    ? `${e.litres} l · odometer ${e.odometerKm?.toLocaleString('en-IN')} km${e.kmPerLitre !== null ? ` · ${e.kmPerLitre.toFixed(2)} km/l` : ''}`
    : '';

const COLUMNS: Array<DataColumn<TExpense>> = [
  { key: 'expenseDate', header: 'Date', nowrap: true, value: (e) => ddmmyyyy(e.expenseDate) },
  { key: 'regNo', header: 'Vehicle', render: (e) => <Box sx={{ fontFamily: 'monospace' }}>{e.regNo}</Box> },
  { key: 'category', header: 'Category', value: (e) => categoryLabel(e.category) },
  { key: 'amount', header: 'Amount', align: 'right', nowrap: true, value: (e) => e.amount, render: (e) => rupees(e.amount) },
  { key: 'litres', header: 'Litres', align: 'right', hideBelow: 'md', value: (e) => e.litres ?? '', render: (e) => e.litres ?? '—' },
  {
    key: 'odometerKm',
    header: 'Odometer',
    align: 'right',
    hideBelow: 'md',
    value: (e) => e.odometerKm ?? '',
    render: (e) => e.odometerKm?.toLocaleString('en-IN') ?? '—',
  },
  {
    key: 'kmPerLitre',
    header: 'Km/l',
    align: 'right',
    value: (e) => (e.kmPerLitre === null ? '' : e.kmPerLitre.toFixed(2)),
    render: (e) =>
      e.kmPerLitre === null ? (
        '—'
      ) : e.anomaly ? (
        <Tooltip title={e.anomaly}>
          <Chip size="small" color="warning" icon={<WarningAmber />} label={e.kmPerLitre.toFixed(2)} />
        </Tooltip>
      ) : (
        e.kmPerLitre.toFixed(2)
      ),
  },
  {
    key: 'description',
    header: 'Details',
    value: (e) => [e.description, fuelLine(e), e.anomaly].filter(Boolean).join(' · '),
    render: (e) => (
      <>
        {e.description || '—'}
        {e.anomaly && (
          <Typography variant="caption" display="block" color="warning.dark">
            {e.anomaly}
          </Typography>
        )}
      </>
    ),
  },
];

const CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }));

/** /app/Transport/Expenses: fuel (km per litre, odd fills flagged), maintenance, repairs, tax, insurance and salaries per vehicle. */
export function ExpensesPage() {
  const toast = useToast();
  const vehicles = useVehicles();
  const [vehicleId, setVehicleId] = useState<number | ''>('');
  const [category, setCategory] = useState<TExpenseCategory | ''>('');
  const [month, setMonth] = useState('');
  const [anomalies, setAnomalies] = useState(false);
  const [adding, setAdding] = useState(false);
  const list = useServerList();
  const expenses = useExpenses({
    vehicleId: vehicleId || undefined,
    category: category || undefined,
    month: month || undefined,
    anomalies: anomalies ? 1 : undefined,
    page: list.page + 1,
    pageSize: list.pageSize,
  });
  const filter =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      list.restart();
    };

  return (
    <TransportShell
      title="Expenses"
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
          Add expense
        </Button>
      }
    >
      <DataTable
        label="Expenses"
        columns={COLUMNS}
        {...queryRows(expenses, (d) => d.items)}
        rowKey={(e) => e.id}
        rowTestId={(e) => `expense-row-${e.id}`}
        cardTitle={(e) => `${categoryLabel(e.category)} · ${e.regNo} · ${rupees(e.amount)}`}
        emptyText="No expenses match."
        exportName="transport-expenses"
        paging={list.paging(expenses.data?.total)}
        toolbar={
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <FilterSelect
              label="Vehicle"
              allLabel="All vehicles"
              value={vehicleId}
              onChange={filter(setVehicleId)}
              options={(vehicles.data ?? []).map((v) => ({ value: v.id, label: v.regNo }))}
              minWidth={150}
            />
            <FilterSelect label="Category" value={category} onChange={filter(setCategory)} options={CATEGORY_OPTIONS} />
            <TextField
              size="small"
              type="month"
              label="Month"
              value={month}
              onChange={(e) => filter(setMonth)(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormControlLabel
              control={<Switch checked={anomalies} onChange={(e) => filter(setAnomalies)(e.target.checked)} />}
              label="Flagged fills only"
            />
            {expenses.data && (
              <Typography sx={{ ml: 'auto', fontWeight: 600 }} data-testid="expenses-total">
                {`Total ${rupees(expenses.data.totalAmount)}`}
              </Typography>
            )}
          </Box>
        }
      />
      <ExpenseDialog
        open={adding}
        vehicles={vehicles.data ?? []}
        onClose={() => setAdding(false)}
        onSaved={(e) => {
          if (e.anomaly) toast.warning(`Saved. ${e.anomaly}`);
          else toast.success(e.kmPerLitre !== null ? `Saved: ${e.kmPerLitre.toFixed(2)} km/l` : 'Expense saved');
          setAdding(false);
        }}
      />
    </TransportShell>
  );
}
