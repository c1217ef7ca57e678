import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Chip, MenuItem, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import GroupAdd from '@mui/icons-material/GroupAdd';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { EXAM_CELL_ROLES, REGISTRATION_STATUSES, type TExam, type TRegisterResult, type TRegistrationRow } from '@erp/shared';
import { useCan } from '../../lib/authorization';
import { DataTable, errorText, queryRows, type DataColumn } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { useServerList } from '../../components/useServerList';
import { useRegister, useRegistrations, useVerify } from './api';
import { branchesOf, ddmmyyyy, rupees } from './format';
import { RegisterOneDialog } from './RegisterOneDialog';
import { SkippedList } from './SkippedList';

type RegStatus = (typeof REGISTRATION_STATUSES)[number];
const STATUS_LABEL: Record<RegStatus, string> = { registered: 'Registered', verified: 'Verified', cancelled: 'Cancelled' };
const STATUS_COLOUR = { registered: 'default', verified: 'success', cancelled: 'error' } as const;

const papersText = (r: TRegistrationRow) => `${r.regularPapers} regular${r.backlogPapers ? ` + ${r.backlogPapers} backlog` : ''}`;

const COLUMNS: Array<DataColumn<TRegistrationRow>> = [
  { key: 'rollNo', header: 'Roll no', nowrap: true },
  { key: 'name', header: 'Name' },
  { key: 'branch', header: 'Branch' },
  { key: 'semester', header: 'Semester', hideBelow: 'lg' },
  {
    key: 'status',
    header: 'Status',
    value: (r) => STATUS_LABEL[r.status],
    render: (r) => <Chip size="small" color={STATUS_COLOUR[r.status]} label={STATUS_LABEL[r.status]} />,
  },
  { key: 'papers', header: 'Papers', value: papersText, hideBelow: 'md' },
  {
    key: 'feePaise',
    header: 'Fee',
    align: 'right',
    value: (r) => r.feePaise / 100,
    render: (r) => (
      <>
        {rupees(r.feePaise)}
        {r.lateFeePaise > 0 && (
          <Typography variant="caption" display="block" color="text.secondary">
            incl. late fee {rupees(r.lateFeePaise)}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'feeDuePaise',
    header: 'Due',
    align: 'right',
    value: (r) => r.feeDuePaise / 100,
    render: (r) => (r.feeDuePaise > 0 ? <b>{rupees(r.feeDuePaise)}</b> : 'Paid'),
  },
  { key: 'registeredOn', header: 'Registered on', nowrap: true, value: (r) => ddmmyyyy(r.registeredOn), hideBelow: 'lg' },
];

/** The exam's registrations: filters, server paging, register everyone or one, verify or cancel a selection. */
export function RegistrationsTab({ exam }: { exam: TExam }) {
  const mayEdit = useCan(EXAM_CELL_ROLES);
  const phone = useMediaQuery('(max-width:599.95px)');
  const toast = useToast();
  const confirm = useConfirm();
  const list = useServerList({ label: 'Search registrations', placeholder: 'Roll number or name' });
  const [status, setStatus] = useState<RegStatus | ''>('');
  const [branch, setBranch] = useState('');
  const regs = useRegistrations(exam.id, {
    q: list.q || undefined,
    status: status || undefined,
    branch: branch || undefined,
    page: list.page + 1,
  });
  const register = useRegister(exam.id);
  const verify = useVerify(exam.id);
  const [registeringOne, setRegisteringOne] = useState(false);
  const [result, setResult] = useState<{ title: string; skipped: TRegisterResult['skipped'] } | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const branches = branchesOf(exam.papers);
  const pageRows = regs.data?.items ?? [];
  const allOnPage = pageRows.length > 0 && pageRows.every((r) => selected.has(r.id));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const r of pageRows)
        if (allOnPage) next.delete(r.id);
        else next.add(r.id);
      return next;
    });

  const registerEveryone = async () => {
    const ok = await confirm({
      title: 'Register everyone?',
      text: `Every student of ${exam.semesters.map((s) => s.name).join(', ')} is registered for ${exam.name} with their regular papers, and each is charged the exam fee.`,
      confirmText: 'Register everyone',
    });
    if (!ok) return;
    try {
      const r = await register.mutateAsync({ everyone: true });
      if (r.registered) toast.success(r.message);
      else toast.warning(r.message);
      setResult({ title: r.message, skipped: r.skipped });
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const decide = async (to: 'verified' | 'cancelled') => {
    try {
      const r = await verify.mutateAsync({ ids: [...selected], status: to });
      if (r.changed) toast.success(r.message);
      else toast.warning(r.message);
      setSelected(new Set());
      setResult(r.skipped.length ? { title: r.message, skipped: r.skipped } : null);
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const restartWith =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      list.restart();
    };

  const selectBox = (r: TRegistrationRow) => (
    <Checkbox
      size="small"
      checked={selected.has(r.id)}
      onChange={() => toggle(r.id)}
      slotProps={{ input: { 'aria-label': `Select ${r.rollNo}` } }}
    />
  );
  // a phone's card carries the box in its title; a table has a column of them
  const columns: Array<DataColumn<TRegistrationRow>> =
    mayEdit && !phone
      ? [{ key: 'select', header: 'Select', noExport: true, value: () => '', render: selectBox }, ...COLUMNS]
      : COLUMNS;
  const cardTitle = mayEdit
    ? (r: TRegistrationRow) => (
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {selectBox(r)}
          {r.rollNo} · {r.name}
        </Box>
      )
    : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {mayEdit && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="contained" startIcon={<GroupAdd />} onClick={registerEveryone} loading={register.isPending}>
            Register everyone
          </Button>
          <Button variant="outlined" startIcon={<PersonAdd />} onClick={() => setRegisteringOne(true)}>
            Register one student
          </Button>
          {exam.status !== 'registration' && (
            <Typography variant="body2" color="text.secondary">
              Registration is open only while the exam is "Registration open".
            </Typography>
          )}
        </Stack>
      )}
      {result && <SkippedList title={result.title} skipped={result.skipped} onClose={() => setResult(null)} />}
      {mayEdit && selected.size > 0 && (
        <Alert
          severity="info"
          icon={false}
          data-testid="selection-bar"
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant="contained"
                color="success"
                onClick={() => decide('verified')}
                disabled={verify.isPending}
              >
                Verify
              </Button>
              <Button size="small" color="error" onClick={() => decide('cancelled')} disabled={verify.isPending}>
                Cancel registrations
              </Button>
              <Button size="small" color="inherit" onClick={() => setSelected(new Set())}>
                Clear
              </Button>
            </Box>
          }
        >
          {selected.size} selected
        </Alert>
      )}
      <DataTable
        label="Registrations"
        columns={columns}
        {...queryRows(regs, (d) => d.items)}
        rowKey={(r) => r.id}
        cardTitle={cardTitle}
        rowTestId={(r) => `registration-${r.rollNo}`}
        emptyText={
          list.q || status || branch
            ? 'No registration matches this search or filter.'
            : 'No one has registered for this exam yet.'
        }
        search={list.search}
        exportName={`registrations-${exam.id}`}
        paging={{ ...list.paging(regs.data?.total), pageSize: regs.data?.limit ?? 50, onPageSize: undefined }}
        toolbar={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => restartWith(setStatus)(e.target.value as RegStatus | '')}
              sx={{ minWidth: 150 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Every status</MenuItem>
              {REGISTRATION_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATUS_LABEL[s]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Branch"
              value={branch}
              onChange={(e) => restartWith(setBranch)(e.target.value)}
              sx={{ minWidth: 150 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Every branch</MenuItem>
              {branches.map((b) => (
                <MenuItem key={b} value={b}>
                  {b}
                </MenuItem>
              ))}
            </TextField>
            {mayEdit && pageRows.length > 0 && (
              <Button size="small" onClick={togglePage}>
                {allOnPage ? 'Unselect this page' : 'Select this page'}
              </Button>
            )}
          </Box>
        }
      />
      {mayEdit && <RegisterOneDialog exam={exam} open={registeringOne} onClose={() => setRegisteringOne(false)} />}
    </Box>
  );
}
