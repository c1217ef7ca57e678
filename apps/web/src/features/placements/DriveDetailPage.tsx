import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { ROUND_RESULTS, placementStatusLabel, type TApplication, type TDriveDetail } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { downloadApplicants, openLetter, useAddRound, useDrive, useEligible, useUploadLetter } from './api';
import { DriveRules } from './DriveRules';
import { MakeOfferDialog } from './MakeOfferDialog';
import { ddmmyyyy, lpa, rupees } from './format';

const RESULT_LABEL: Record<string, string> = { qualified: 'Qualified', not_qualified: 'Not qualified', absent: 'Absent' };

/** Applicants who may sit the next round: all who applied for the first, else those who qualified in the last. */
function candidates(d: TDriveDetail): TApplication[] {
  const last = d.rounds.at(-1);
  return d.applications.filter((a) =>
    last ? a.rounds.some((r) => r.seq === last.seq && r.result === 'qualified') : a.status === 'applied',
  );
}

function RoundDialog({ d, open, onClose }: { d: TDriveDetail; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const add = useAddRound(d.drive.id);
  const list = candidates(d);
  const [name, setName] = useState('');
  const [heldOn, setHeldOn] = useState(new Date().toISOString().slice(0, 10));
  const [results, setResults] = useState<Record<string, string>>({});
  const close = () => (add.reset(), setResults({}), setName(''), onClose());
  const save = () =>
    add.mutate(
      {
        name,
        heldOn,
        results: list.map((a) => ({
          rollNo: a.rollNo,
          result: (results[a.rollNo] ?? 'qualified') as (typeof ROUND_RESULTS)[number],
        })),
      },
      { onSuccess: () => (toast.success(`${name} recorded`), close()) },
    );
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md">
      <DialogTitle>Record round {d.rounds.length + 1}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, my: 1 }}>
          <TextField
            label="Round name"
            placeholder="Aptitude, Technical, HR…"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <TextField
            type="date"
            label="Held on"
            value={heldOn}
            onChange={(e) => setHeldOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        {list.length === 0 ? (
          <Typography color="text.secondary">No candidates for another round.</Typography>
        ) : (
          <DataTable
            label="Round results"
            columns={[
              { key: 'rollNo', header: 'Roll No' },
              { key: 'name', header: 'Name' },
              {
                key: 'result',
                header: 'Result',
                value: (a) => RESULT_LABEL[results[a.rollNo] ?? 'qualified'],
                render: (a) => (
                  <TextField
                    select
                    size="small"
                    value={results[a.rollNo] ?? 'qualified'}
                    onChange={(e) => setResults({ ...results, [a.rollNo]: e.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': `Result of ${a.rollNo}` } }}
                  >
                    {ROUND_RESULTS.map((r) => (
                      <MenuItem key={r} value={r}>
                        {RESULT_LABEL[r]}
                      </MenuItem>
                    ))}
                  </TextField>
                ),
              },
            ]}
            rows={list}
            rowKey={(a) => a.id}
            loading={false}
            emptyText="No candidates for another round."
            paging={false}
          />
        )}
        {add.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {add.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={add.isPending || list.length === 0}>
          Save round
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Applicants({ d }: { d: TDriveDetail }) {
  const toast = useToast();
  const [offering, setOffering] = useState<TApplication | null>(null);
  const letter = useUploadLetter();
  const last = d.rounds.at(-1);
  const cleared = (a: TApplication) =>
    a.status !== 'no_show' &&
    a.status !== 'rejected' &&
    (!last || a.rounds.some((r) => r.seq === last.seq && r.result === 'qualified'));
  const offer = (a: TApplication) =>
    a.offerCtcRupees != null ? (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {rupees(a.offerCtcRupees)}
        {a.hasLetter ? (
          <Button size="small" onClick={() => openLetter(a.offerId!).catch((e: Error) => toast.error(e.message))}>
            Letter
          </Button>
        ) : (
          <Button size="small" component="label" disabled={letter.isPending}>
            Upload letter
            <input
              hidden
              type="file"
              accept="application/pdf,.pdf"
              aria-label={`Offer letter of ${a.rollNo}`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  letter.mutate(
                    { offerId: a.offerId!, file },
                    {
                      onSuccess: () => toast.success('Offer letter uploaded'),
                      onError: (err) => toast.error(err.message),
                    },
                  );
              }}
            />
          </Button>
        )}
      </Box>
    ) : cleared(a) ? (
      <Button size="small" onClick={() => setOffering(a)}>
        Make offer
      </Button>
    ) : null;
  return (
    <>
      <DataTable
        label="Applicants"
        columns={[
          { key: 'rollNo', header: 'Roll No' },
          { key: 'name', header: 'Name' },
          { key: 'branch', header: 'Branch' },
          ...d.rounds.map((r) => ({
            key: `round-${r.id}`,
            header: `${r.seq}. ${r.name}`,
            value: (a: TApplication) => RESULT_LABEL[a.rounds.find((x) => x.seq === r.seq)?.result ?? ''] ?? '',
          })),
          {
            key: 'status',
            header: 'Status',
            value: (a) => placementStatusLabel(a.status),
            render: (a) => (
              <Chip
                size="small"
                label={placementStatusLabel(a.status)}
                color={a.status === 'selected' ? 'success' : a.status === 'applied' ? 'default' : 'error'}
                variant="outlined"
              />
            ),
          },
          {
            key: 'offer',
            header: 'Offer',
            nowrap: true,
            value: (a) => (a.offerCtcRupees != null ? rupees(a.offerCtcRupees) : ''),
            render: offer,
          },
        ]}
        rows={d.applications}
        rowKey={(a) => a.id}
        rowTestId={(a) => `applicant-${a.rollNo}`}
        loading={false}
        emptyText="No applications yet."
      />
      {offering && <MakeOfferDialog drive={d.drive} applicant={offering} onClose={() => setOffering(null)} />}
    </>
  );
}

function Eligibility({ id }: { id: number }) {
  const q = useEligible(id);
  const [onlyIneligible, setOnlyIneligible] = useState(false);
  const [search, setSearch] = useState('');
  if (!q.data || q.isError) return <QueryState query={q} height={200} />;
  const rows = q.data.students.filter(
    (s) => (!onlyIneligible || !s.eligible) && `${s.rollNo} ${s.name}`.toLowerCase().includes(search.toLowerCase()),
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography>
          {q.data.eligible} of {q.data.students.length} students eligible
        </Typography>
        <TextField size="small" label="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <FormControlLabel
          control={<Switch checked={onlyIneligible} onChange={(e) => setOnlyIneligible(e.target.checked)} />}
          label="Only those not eligible"
        />
      </Box>
      {!q.data.attendanceChecked && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Minimum attendance is not checked yet: attendance is not recorded in the portal.
        </Alert>
      )}
      <DataTable
        label="Eligibility"
        columns={[
          { key: 'rollNo', header: 'Roll No' },
          { key: 'name', header: 'Name' },
          { key: 'branch', header: 'Branch' },
          { key: 'cgpa', header: 'CGPA', value: (s) => s.cgpa.toFixed(2) },
          { key: 'activeBacklogs', header: 'Backlogs' },
          { key: 'tenthPct', header: '10th %', value: (s) => s.tenthPct ?? '—' },
          { key: 'twelfthPct', header: '12th / diploma %', value: (s) => s.twelfthPct ?? '—' },
          { key: 'gapYears', header: 'Gap (years)', value: (s) => s.gapYears ?? '—' },
          { key: 'eligible', header: 'Eligible', value: (s) => (s.eligible ? (s.applied ? 'Applied' : 'Yes') : 'No') },
          { key: 'reasons', header: 'Why not', value: (s) => s.reasons.join('; ') },
        ]}
        rows={rows}
        rowKey={(s) => s.studentId}
        loading={false}
        emptyText="No student matches."
        paging={false}
        maxHeight={520}
      />
    </Box>
  );
}

/** One drive for the dean: its rules, applicants with round results and offers, and who is eligible. */
export function DriveDetailPage() {
  const id = Number(useParams().id);
  const toast = useToast();
  const q = useDrive(id);
  const [tab, setTab] = useState(0);
  const [recording, setRecording] = useState(false);
  if (!q.data || q.isError) return <QueryState query={q} height={300} />;
  const d = q.data;
  const v = d.drive;
  return (
    <Box>
      <Button component={RouterLink} to="/app/placements" sx={{ mb: 1 }}>
        ← Placements
      </Button>
      <Typography variant="h5" component="h1">
        {v.company} · {v.roles}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {ddmmyyyy(v.driveDate)} · {lpa(v.ctcRupees)} ({rupees(v.ctcRupees)}) · {v.location || 'Location to be announced'}
        {v.bondMonths ? ` · bond ${v.bondMonths} months` : ''}
      </Typography>
      <DriveRules rules={v.rules} />
      <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setRecording(true)}>
          Record a round
        </Button>
        <Button onClick={() => downloadApplicants(id).catch((e: Error) => toast.error(e.message))}>Applicants (Excel)</Button>
      </Box>
      <Tabs value={tab} onChange={(_, t) => setTab(t)} sx={{ mb: 2 }}>
        <Tab label={`Applicants (${d.applications.length})`} />
        <Tab label="Eligibility" />
      </Tabs>
      {tab === 0 ? <Applicants d={d} /> : <Eligibility id={id} />}
      <RoundDialog key={d.rounds.length} d={d} open={recording} onClose={() => setRecording(false)} />
    </Box>
  );
}
