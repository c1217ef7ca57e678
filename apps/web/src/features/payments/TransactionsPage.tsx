import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Box, Button, Chip, IconButton, MenuItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { FEE_TYPES, ZTransactionsQuery } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { DateRangeField } from '../../components/DateRangeField';
import { useToast } from '../../components/feedback';
import { downloadReceipt, useTransactions, type TransactionFilters } from './api';
import { feeLabel, isoDateText, money } from './format';

const REVERSED = 'From date must not be after To date';
const blank = <T extends z.ZodType>(s: T) => z.union([z.literal(''), s]);
const shape = ZTransactionsQuery.shape;
/** The API's filter schema, with '' for "any" in each field. */
const ZFilterForm = z
  .object({
    from: blank(shape.from.unwrap()),
    to: blank(shape.to.unwrap()),
    status: blank(shape.status.unwrap()),
    feeType: blank(shape.feeType.unwrap()),
    rollNo: blank(shape.rollNo.unwrap()),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: REVERSED, path: ['to'] });
type FilterForm = z.infer<typeof ZFilterForm>;
const EMPTY: FilterForm = { from: '', to: '', status: '', feeType: '', rollNo: '' };

const toFilters = (f: FilterForm): Omit<TransactionFilters, 'page' | 'pageSize'> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) as Omit<TransactionFilters, 'page' | 'pageSize'>;

/** PATHS.transactions: the accountant's fee transaction history with filters. */
export function TransactionsPage() {
  const toast = useToast();
  const [applied, setApplied] = useState<FilterForm>(EMPTY);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const query = useTransactions({ ...toFilters(applied), page: page + 1, pageSize });
  const form = useForm<FilterForm>({ resolver: zodResolver(ZFilterForm), defaultValues: EMPTY });
  const err = form.formState.errors;

  const apply = form.handleSubmit((values) => {
    setApplied(values);
    setPage(0);
  });
  const reset = () => {
    form.reset(EMPTY);
    setApplied(EMPTY);
    setPage(0);
  };
  const receipt = async (n: number) => {
    try {
      await downloadReceipt(n);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  const data = query.data;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 2 }}>
        Transactions
      </Typography>
      <Paper component="form" onSubmit={apply} noValidate sx={{ p: 2, mb: 2, borderRadius: 3 }} aria-label="Filters">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' } }}>
          <DateRangeField size="small" control={form.control} fromName="from" toName="to" reversedText={REVERSED} />
          <Controller
            name="status"
            control={form.control}
            render={({ field }) => (
              <TextField
                label="Status"
                select
                size="small"
                {...field}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">All</MenuItem>
                <MenuItem value="paid">Paid</MenuItem>
                <MenuItem value="failed">Failed</MenuItem>
                <MenuItem value="excess">To refund (paid twice)</MenuItem>
              </TextField>
            )}
          />
          <Controller
            name="feeType"
            control={form.control}
            render={({ field }) => (
              <TextField
                label="Fee Type"
                select
                size="small"
                {...field}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">All</MenuItem>
                {FEE_TYPES.map((f) => (
                  <MenuItem key={f} value={f}>
                    {feeLabel(f)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Roll Number"
            size="small"
            {...form.register('rollNo')}
            error={!!err.rollNo}
            helperText={err.rollNo?.message}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={reset}>Reset</Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </Box>
      </Paper>

      {data && (
        <Typography sx={{ mb: 1 }} data-testid="transactions-total">
          {data.total} transactions · collected {money(data.paidTotal)}
        </Typography>
      )}
      <DataTable
        label="Fee transactions"
        rows={data?.items}
        rowKey={(t) => t.id}
        loading={query.isPending}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText="No Records Found"
        exportName="transactions"
        cardTitle={(t) => `${t.rollNo} · ${t.studentName}`}
        paging={{
          page,
          pageSize,
          total: data?.total,
          onPage: setPage,
          onPageSize: (n) => {
            setPageSize(n);
            setPage(0);
          },
        }}
        columns={[
          { key: 'transDate', header: 'Date', nowrap: true, value: (t) => isoDateText(t.transDate) },
          { key: 'rollNo', header: 'Roll Number' },
          { key: 'studentName', header: 'Name' },
          { key: 'feeType', header: 'Fee', nowrap: true, value: (t) => feeLabel(t.feeType) },
          { key: 'course', header: 'Semester / Course', value: (t) => t.courseCode ?? t.semester },
          { key: 'amount', header: 'Amount', nowrap: true, value: (t) => money(t.amount, t.currency) },
          {
            key: 'status',
            header: 'Status',
            value: (t) => (t.status === 'paid' ? 'Paid' : 'Failed'),
            render: (t) => (
              <Chip
                size="small"
                label={t.status === 'paid' ? 'Paid' : 'Failed'}
                color={t.status === 'paid' ? 'success' : 'error'}
                variant="outlined"
              />
            ),
          },
          {
            key: 'receiptNo',
            header: 'Receipt',
            nowrap: true,
            render: (t) =>
              t.receiptNo !== null && (
                <>
                  {t.receiptLabel}
                  <Tooltip title="Download receipt">
                    <IconButton
                      size="small"
                      aria-label={`Download receipt ${t.receiptLabel}`}
                      onClick={() => receipt(t.receiptNo!)}
                    >
                      <Download fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              ),
          },
          {
            key: 'transactionId',
            header: 'Transaction Id',
            render: (t) => (
              <Box sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', minWidth: 160 }}>{t.transactionId}</Box>
            ),
          },
        ]}
      />
    </Box>
  );
}
