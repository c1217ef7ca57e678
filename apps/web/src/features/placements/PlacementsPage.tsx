import { useState } from 'react';
import { useLinkedFilter } from './linked-filter';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { ROLES, ZCompanyCreate, ZDriveCreate, type TCompanyCreateInput, type TDriveCreateInput } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useCan } from '../../lib/authorization';
import { downloadRegister, useCompanies, useCreateCompany, useCreateDrive, useDrives, useStats } from './api';
import { ddmmyyyy, finalYearBatch, lpa, rupees } from './format';
import { HigherStudiesTab } from './HigherStudiesTab';
import { PolicyTab } from './PolicyTab';

const BRANCHES = ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'];

function CompanyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateCompany();
  const form = useForm<TCompanyCreateInput>({
    resolver: zodResolver(ZCompanyCreate) as never,
    defaultValues: { name: '', sector: '', website: '', hrName: '', hrEmail: '', hrPhone: '' },
  });
  const err = form.formState.errors;
  const close = () => (form.reset(), create.reset(), onClose());
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => create.mutate(v, { onSuccess: (c) => (toast.success(`${c.name} added`), close()) }))}
      >
        <DialogTitle>Add a company</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {(['name', 'sector', 'website', 'hrName', 'hrEmail', 'hrPhone'] as const).map((f) => (
            <TextField
              key={f}
              label={
                {
                  name: 'Name',
                  sector: 'Sector',
                  website: 'Website',
                  hrName: 'HR contact',
                  hrEmail: 'HR email',
                  hrPhone: 'HR phone',
                }[f]
              }
              {...form.register(f)}
              error={!!err[f]}
              helperText={err[f]?.message}
              required={f === 'name'}
            />
          ))}
          {create.isError && <Alert severity="error">{create.error.message}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DriveDialog({ open, onClose, batch }: { open: boolean; onClose: () => void; batch: string }) {
  const toast = useToast();
  const companies = useCompanies();
  const create = useCreateDrive();
  const defaults: TDriveCreateInput = {
    companyId: 0,
    driveDate: '',
    roles: '',
    ctcRupees: 0,
    location: '',
    bondMonths: 0,
    batch,
    branches: [...BRANCHES],
    minCgpa: 0,
    maxBacklogs: null,
    gender: '',
    noFeeDues: false,
    minAttendance: null,
    minTenthPct: 0,
    minTwelfthPct: 0,
    maxGapYears: null,
  };
  const form = useForm<TDriveCreateInput>({ resolver: zodResolver(ZDriveCreate) as never, defaultValues: defaults });
  const err = form.formState.errors;
  const close = () => (form.reset(defaults), create.reset(), onClose());
  const num = { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) };
  const nullable = { setValueAs: (v: string) => (v === '' ? null : Number(v)) };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md">
      <form
        noValidate
        onSubmit={form.handleSubmit((v) =>
          create.mutate(v, {
            onSuccess: (d) => (toast.success(`${d.company} drive on ${ddmmyyyy(d.driveDate)} added`), close()),
          }),
        )}
      >
        <DialogTitle>New drive</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: '8px !important' }}>
          <Controller
            name="companyId"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                label="Company"
                value={field.value || ''}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={!!err.companyId}
                helperText={err.companyId?.message}
                required
              >
                {(companies.data ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            type="date"
            label="Drive date"
            slotProps={{ inputLabel: { shrink: true } }}
            {...form.register('driveDate')}
            error={!!err.driveDate}
            helperText={err.driveDate?.message}
            required
          />
          <TextField label="Roles" {...form.register('roles')} error={!!err.roles} helperText={err.roles?.message} required />
          <TextField
            type="number"
            label="CTC (₹ per annum)"
            {...form.register('ctcRupees', num)}
            error={!!err.ctcRupees}
            helperText={err.ctcRupees?.message}
            required
          />
          <TextField label="Location" {...form.register('location')} />
          <TextField
            type="number"
            label="Bond (months)"
            {...form.register('bondMonths', num)}
            error={!!err.bondMonths}
            helperText={err.bondMonths?.message}
          />
          <TextField label="Batch" {...form.register('batch')} error={!!err.batch} helperText={err.batch?.message} required />
          <Controller
            name="branches"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                label="Branches"
                slotProps={{ select: { multiple: true } }}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value as unknown as string[])}
                error={!!err.branches}
                helperText={err.branches?.message}
              >
                {BRANCHES.map((b) => (
                  <MenuItem key={b} value={b}>
                    {b}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            type="number"
            label="Minimum CGPA"
            slotProps={{ htmlInput: { step: 0.1 } }}
            {...form.register('minCgpa', num)}
            error={!!err.minCgpa}
            helperText={err.minCgpa?.message}
          />
          <TextField
            type="number"
            label="Maximum active backlogs (blank: any)"
            {...form.register('maxBacklogs', nullable)}
            error={!!err.maxBacklogs}
            helperText={err.maxBacklogs?.message}
          />
          <TextField select label="Gender" defaultValue="" {...form.register('gender')}>
            <MenuItem value="">Any</MenuItem>
            <MenuItem value="FEMALE">Women only</MenuItem>
            <MenuItem value="MALE">Men only</MenuItem>
          </TextField>
          <TextField
            type="number"
            label="Minimum attendance % (blank: none)"
            {...form.register('minAttendance', nullable)}
            error={!!err.minAttendance}
            helperText={err.minAttendance?.message ?? 'Checked once attendance is recorded in the portal'}
          />
          <TextField
            type="number"
            label="Minimum 10th %"
            slotProps={{ htmlInput: { step: 0.5 } }}
            {...form.register('minTenthPct', num)}
            error={!!err.minTenthPct}
            helperText={err.minTenthPct?.message ?? '0 or blank: none'}
          />
          <TextField
            type="number"
            label="Minimum 12th / diploma %"
            slotProps={{ htmlInput: { step: 0.5 } }}
            {...form.register('minTwelfthPct', num)}
            error={!!err.minTwelfthPct}
            helperText={err.minTwelfthPct?.message ?? '0 or blank: none'}
          />
          <TextField
            type="number"
            label="Maximum gap in studies, years (blank: any)"
            {...form.register('maxGapYears', nullable)}
            error={!!err.maxGapYears}
            helperText={err.maxGapYears?.message}
          />
          <Controller
            name="noFeeDues"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label="No fee dues"
              />
            )}
          />
          {create.isError && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {create.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Add drive
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DrivesTab({ batch }: { batch: string }) {
  const drives = useDrives();
  const [adding, setAdding] = useState(false);
  return (
    <Box>
      <DataTable
        label="Drives"
        columns={[
          { key: 'driveDate', header: 'Date', value: (d) => ddmmyyyy(d.driveDate), nowrap: true },
          {
            key: 'company',
            header: 'Company',
            render: (d) => <RouterLink to={`/app/placements/drives/${d.id}`}>{d.company}</RouterLink>,
          },
          { key: 'roles', header: 'Roles' },
          { key: 'ctcRupees', header: 'CTC', value: (d) => lpa(d.ctcRupees), nowrap: true },
          { key: 'batch', header: 'Batch' },
          { key: 'branches', header: 'Branches', value: (d) => d.branches.join(', ') },
          { key: 'minCgpa', header: 'Min CGPA', value: (d) => d.minCgpa || '—' },
          { key: 'applicants', header: 'Applicants' },
          { key: 'offers', header: 'Offers' },
        ]}
        {...queryRows(drives)}
        rowKey={(d) => d.id}
        cardTitle={(d) => (
          <RouterLink to={`/app/placements/drives/${d.id}`}>{`${d.company} · ${ddmmyyyy(d.driveDate)}`}</RouterLink>
        )}
        emptyText="No drives."
        search
        searchPlaceholder="Company, role or batch"
        toolbar={
          <Button variant="contained" onClick={() => setAdding(true)}>
            New drive
          </Button>
        }
      />
      <DriveDialog open={adding} onClose={() => setAdding(false)} batch={batch} />
    </Box>
  );
}

function CompaniesTab() {
  const companies = useCompanies();
  const [adding, setAdding] = useState(false);
  return (
    <Box>
      <Button variant="contained" onClick={() => setAdding(true)} sx={{ mb: 2 }}>
        Add a company
      </Button>
      <DataTable
        label="Companies"
        columns={[
          {
            key: 'name',
            header: 'Company',
            render: (c) =>
              c.website ? (
                <a href={c.website} target="_blank" rel="noreferrer">
                  {c.name}
                </a>
              ) : (
                c.name
              ),
          },
          { key: 'sector', header: 'Sector' },
          { key: 'hrName', header: 'HR contact' },
          { key: 'hrEmail', header: 'HR email' },
          { key: 'hrPhone', header: 'HR phone' },
          { key: 'drives', header: 'Drives' },
        ]}
        {...queryRows(companies)}
        rowKey={(c) => c.id}
        emptyText="No companies yet."
      />
      <CompanyDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}

function StatsTab({ batches, initial }: { batches: string[]; initial: string }) {
  const toast = useToast();
  const [batch, setBatch] = useState(initial);
  const stats = useStats(batch);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Batch"
          value={batch}
          onChange={(e) => setBatch(e.target.value)}
          sx={{ minWidth: 160 }}
        >
          {batches.map((b) => (
            <MenuItem key={b} value={b}>
              {b}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={() => downloadRegister(batch).catch((e: Error) => toast.error(e.message))}>
          Placement register (Excel)
        </Button>
      </Box>
      <DataTable
        label="Placement statistics"
        testId="placement-stats"
        columns={[
          { key: 'branch', header: 'Branch' },
          { key: 'students', header: 'Students' },
          { key: 'eligible', header: 'Eligible' },
          { key: 'placed', header: 'Placed' },
          { key: 'placementPercent', header: 'Placement %', value: (l) => `${l.placementPercent}%` },
          { key: 'offers', header: 'Offers' },
          { key: 'highest', header: 'Highest', value: (l) => rupees(l.highestCtcRupees), nowrap: true },
          { key: 'median', header: 'Median', value: (l) => rupees(l.medianCtcRupees), nowrap: true },
          { key: 'average', header: 'Average', value: (l) => rupees(l.averageCtcRupees), nowrap: true },
          { key: 'higherStudies', header: 'Higher studies' },
        ]}
        {...queryRows(stats, (d) => d.branches)}
        footerRows={stats.data ? [stats.data.total] : undefined}
        rowKey={(l) => l.branch}
        emptyText="No students in this batch."
        paging={false}
      />
    </Box>
  );
}

const TABS = ['drives', 'companies', 'statistics', 'higher-studies', 'policy'] as const;

/** The placement dean's page: drives, companies, statistics, higher studies and the offer policy. */
export function PlacementsPage() {
  const [params, setParams] = useSearchParams();
  const tab = Math.max(0, TABS.indexOf((params.get('tab') ?? 'drives') as (typeof TABS)[number]));
  const setTab = (i: number) => setParams(i ? { tab: TABS[i] } : {}, { replace: true });
  const drives = useDrives();
  const dean = useCan(ROLES.PLACEMENT_DEAN);
  const linkedBatch = useLinkedFilter('batch');
  // analytics' drill-down names a batch (?batch=): its statistics open first, drives or not
  const batches = [...new Set([...(drives.data ?? []).map((d) => d.batch), ...(linkedBatch ? [linkedBatch] : [])])].sort().reverse();
  const batch = linkedBatch || (batches[0] ?? finalYearBatch());
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 2 }}>
        Placements
      </Typography>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        <Tab label="Drives" />
        <Tab label="Companies" />
        <Tab label="Statistics" />
        <Tab label="Higher studies" />
        <Tab label="Offer policy" />
      </Tabs>
      {tab === 0 && <DrivesTab batch={batch} />}
      {tab === 1 && <CompaniesTab />}
      {(tab === 2 || tab === 3) && (
        // the batches come from the drives
        <QueryState query={drives} height={200}>
          {drives.data && tab === 2 && <StatsTab batches={batches.length ? batches : [batch]} initial={batch} />}
          {drives.data && tab === 3 && (
            <HigherStudiesTab batches={batches.length ? batches : [batch]} initial={batch} canEdit={dean} />
          )}
        </QueryState>
      )}
      {tab === 4 && <PolicyTab canEdit={dean} />}
    </Box>
  );
}
