import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import {
  ADMISSION_FIELD_DEFS,
  APPLICANT_FIELDS,
  maskAadhaar,
  type TOnlineApplicationItem,
} from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { ApiError, openBase64Pdf } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { openApplicationFile, useDecideApplication, useOnlineApplications, type OnlineQuery } from './api';
import { useAdmissionToast } from './form-controls';

const LABEL = new Map(ADMISSION_FIELD_DEFS.map((f) => [f.name, f.label]));
const STATUS = {
  pending: { label: 'Pending', color: 'warning' },
  accepted: { label: 'Accepted', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
} as const;
const errorText = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

/** Online applications: the office reviews each (fields, photo, documents), then accepts it into an admission or rejects it. */
export function OnlineApplicationsPage() {
  const toast = useAdmissionToast();
  const [q, setQ] = useState<OnlineQuery>({ status: 'pending', q: '', page: 1, pageSize: 20 });
  const list = useOnlineApplications(q);
  const [open, setOpen] = useState<TOnlineApplicationItem | null>(null);

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" fontWeight={700} sx={{ flexGrow: 1 }}>
          Online Applications
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={q.status}
          aria-label="Status"
          onChange={(_e, status) => status && setQ({ ...q, status, page: 1 })}
        >
          {(['pending', 'accepted', 'rejected', 'all'] as const).map((s) => (
            <ToggleButton key={s} value={s}>
              {s === 'all' ? 'All' : STATUS[s].label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <DataTable
        label="Online applications"
        rows={list.data?.items}
        rowKey={(r) => r.id}
        loading={list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        emptyText="No applications."
        search={{ value: q.q, onChange: (v) => setQ({ ...q, q: v, page: 1 }), placeholder: 'Application number, name, mobile, course' }}
        paging={{
          page: q.page - 1,
          pageSize: q.pageSize,
          total: list.data?.total,
          onPage: (p) => setQ({ ...q, page: p + 1 }),
          onPageSize: (pageSize) => setQ({ ...q, pageSize, page: 1 }),
          pageSizes: [10, 20, 50],
        }}
        rowTestId="online-application"
        cardTitle={(r) => `${r.number} · ${r.name}`}
        columns={[
          { key: 'number', header: 'Application No', nowrap: true },
          { key: 'name', header: 'Name' },
          { key: 'course', header: 'Course / Branch', hideBelow: 'sm', value: (r) => [r.course, r.branch].filter(Boolean).join(' / ') },
          { key: 'mobile', header: 'Mobile', hideBelow: 'md' },
          { key: 'submittedAt', header: 'Applied', nowrap: true, hideBelow: 'sm', value: (r) => formatDate(r.submittedAt) },
          {
            key: 'status',
            header: 'Status',
            value: (r) => STATUS[r.status].label,
            render: (r) => <Chip size="small" label={STATUS[r.status].label} color={STATUS[r.status].color} />,
          },
        ]}
        actions={(r) => (
          <Button size="small" onClick={() => setOpen(r)} aria-label={`Review ${r.number}`}>
            Review
          </Button>
        )}
      />
      {open && (
        <ReviewDialog
          application={open}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            toast.success(message);
            setOpen(null);
          }}
        />
      )}
    </Paper>
  );
}

function ReviewDialog({
  application: a,
  onClose,
  onDone,
}: {
  application: TOnlineApplicationItem;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const phone = useMediaQuery('(max-width:599.95px)');
  const toast = useAdmissionToast();
  const { accept, reject } = useDecideApplication();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = accept.isPending || reject.isPending;
  const fields = APPLICANT_FIELDS.filter((n) => a.data[n]).map((n) => ({
    name: n,
    label: LABEL.get(n) ?? n,
    value: n === 'aadharNo' ? maskAadhaar(a.data[n]) : n === 'dateOfBirth' ? formatDate(a.data[n]) : a.data[n],
  }));

  const doAccept = () =>
    accept.mutate(a.id, {
      onSuccess: (res) => {
        openBase64Pdf(res.pdf, `${res.adminNo.replace(/\//g, '_')}.pdf`);
        onDone(res.message);
      },
      onError: (e) => setError(errorText(e)),
    });
  const doReject = () =>
    reject.mutate(
      { id: a.id, reason },
      { onSuccess: (res) => onDone(res.message), onError: (e) => setError(errorText(e)) },
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="review-title">
      <DialogTitle id="review-title">
        {a.number} · {a.name}
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <Chip size="small" label={STATUS[a.status].label} color={STATUS[a.status].color} />
          <Typography variant="body2" color="text.secondary">
            Applied {formatDate(a.submittedAt)}
            {a.decidedAt ? ` · decided ${formatDate(a.decidedAt)}` : ''}
            {a.admissionNo ? ` · admission ${a.admissionNo}` : ''}
          </Typography>
        </Stack>
        {a.status === 'rejected' && a.reason && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Reason given: {a.reason}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(110px, max-content) 1fr', md: 'repeat(2, minmax(150px, max-content) 1fr)' },
            columnGap: 2,
            rowGap: 0.75,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, fontWeight: 500, wordBreak: 'break-word' },
          }}
        >
          {fields.map((f) => (
            <Box key={f.name} sx={{ display: 'contents' }}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </Box>
          ))}
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 2.5, mb: 1 }}>
          Photo and documents
        </Typography>
        {a.files.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No files were sent with this application.
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {a.files.map((f) => (
              <Button
                key={f.id}
                size="small"
                variant="outlined"
                startIcon={<AttachFile />}
                onClick={() => openApplicationFile(a.id, f.id, f.fileName).catch((e: unknown) => toast.error(errorText(e)))}
              >
                {f.kind === 'photo' ? 'Photo' : f.fileName}
              </Button>
            ))}
          </Stack>
        )}
        {rejecting && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label="Reason (the applicant sees it)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ mt: 2.5 }}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="review-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        {a.status === 'pending' &&
          (rejecting ? (
            <Button color="error" variant="contained" onClick={doReject} disabled={busy}>
              Reject application
            </Button>
          ) : (
            <>
              <Button color="error" onClick={() => setRejecting(true)} disabled={busy}>
                Reject…
              </Button>
              <Button variant="contained" onClick={doAccept} disabled={busy}>
                {accept.isPending ? 'Accepting…' : 'Accept into admission'}
              </Button>
            </>
          ))}
      </DialogActions>
    </Dialog>
  );
}
