import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  MenuItem,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { EXPENSE_CATEGORIES, type TExpenseCategory } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useExpenses, useVehicles } from './api';
import { ListState, RowCard, TransportShell, useNarrow } from './common';
import { categoryLabel, ddmmyyyy, rupees } from './format';
import { ExpenseDialog } from './ExpenseDialog';

/** /app/Transport/Expenses: fuel (km per litre, odd fills flagged), maintenance, repairs, tax, insurance and salaries per vehicle. */
export function ExpensesPage() {
  const toast = useToast();
  const vehicles = useVehicles();
  const [vehicleId, setVehicleId] = useState<number | ''>('');
  const [category, setCategory] = useState<TExpenseCategory | ''>('');
  const [month, setMonth] = useState('');
  const [anomalies, setAnomalies] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [adding, setAdding] = useState(false);
  const expenses = useExpenses({
    vehicleId: vehicleId || undefined,
    category: category || undefined,
    month: month || undefined,
    anomalies: anomalies ? 1 : undefined,
    page: page + 1,
    pageSize,
  });
  const reset = () => setPage(0);
  const narrow = useNarrow();

  return (
    <TransportShell
      title="Expenses"
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
          Add expense
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Vehicle"
          value={vehicleId}
          onChange={(e) => {
            setVehicleId(e.target.value === '' ? '' : Number(e.target.value));
            reset();
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All vehicles</MenuItem>
          {(vehicles.data ?? []).map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.regNo}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Category"
          value={category}
          onChange={(e) => {
            setCategory(e.target.value as TExpenseCategory | '');
            reset();
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">All</MenuItem>
          {EXPENSE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {categoryLabel(c)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="month"
          label="Month"
          value={month}
          onChange={(e) => {
            setMonth(e.target.value);
            reset();
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={anomalies}
              onChange={(e) => {
                setAnomalies(e.target.checked);
                reset();
              }}
            />
          }
          label="Flagged fills only"
        />
        {expenses.data && (
          <Typography sx={{ ml: 'auto', fontWeight: 600 }} data-testid="expenses-total">
            {`Total ${rupees(expenses.data.totalAmount)}`}
          </Typography>
        )}
      </Box>
      <ListState
        loading={expenses.isPending}
        error={expenses.error}
        empty={!expenses.data?.items.length}
        emptyText="No expenses match."
        onRetry={() => expenses.refetch()}
      >
        {narrow ? (
          expenses.data?.items.map((e) => (
            <RowCard
              key={e.id}
              testId={`expense-row-${e.id}`}
              title={`${categoryLabel(e.category)} · ${e.regNo}`}
              aside={<Typography sx={{ fontWeight: 600 }}>{rupees(e.amount)}</Typography>}
              lines={[
                ddmmyyyy(e.expenseDate),
                ...(e.category === 'fuel'
                  ? [
                      `${e.litres} l · odometer ${e.odometerKm?.toLocaleString('en-IN')} km${e.kmPerLitre !== null ? ` · ${e.kmPerLitre.toFixed(2)} km/l` : ''}`,
                    ]
                  : []),
                ...(e.anomaly
                  ? [
                      <Box key="a" component="span" sx={{ color: 'warning.dark' }}>
                        {e.anomaly}
                      </Box>,
                    ]
                  : []),
                ...(e.description ? [e.description] : []),
              ]}
            />
          ))
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Expenses" sx={{ minWidth: 820 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Vehicle</TableCell>
                  <TableCell>Category</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell align="right">Litres</TableCell>
                  <TableCell align="right">Odometer</TableCell>
                  <TableCell align="right">Km/l</TableCell>
                  <TableCell>Details</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {expenses.data?.items.map((e) => (
                  <TableRow key={e.id} data-testid={`expense-row-${e.id}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{ddmmyyyy(e.expenseDate)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e.regNo}</TableCell>
                    <TableCell>{categoryLabel(e.category)}</TableCell>
                    <TableCell align="right">{rupees(e.amount)}</TableCell>
                    <TableCell align="right">{e.litres ?? '—'}</TableCell>
                    <TableCell align="right">{e.odometerKm?.toLocaleString('en-IN') ?? '—'}</TableCell>
                    <TableCell align="right">
                      {e.kmPerLitre === null ? (
                        '—'
                      ) : e.anomaly ? (
                        <Tooltip title={e.anomaly}>
                          <Chip size="small" color="warning" icon={<WarningAmber />} label={e.kmPerLitre.toFixed(2)} />
                        </Tooltip>
                      ) : (
                        e.kmPerLitre.toFixed(2)
                      )}
                    </TableCell>
                    <TableCell>
                      {e.description || '—'}
                      {e.anomaly && (
                        <Typography variant="caption" display="block" color="warning.dark">
                          {e.anomaly}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePagination
          component="div"
          count={expenses.data?.total ?? 0}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={pageSize}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[10, 25, 50, 100]}
        />
      </ListState>
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
