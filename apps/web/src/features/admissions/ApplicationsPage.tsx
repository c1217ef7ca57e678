import { Link as RouterLink } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import {
  ADMISSION_ROLES,
  MSG,
  PATHS,
  maskAadhaar,
  qualityYearLabel,
  type TAdmissionForm,
  type TApplicationItem,
} from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { useServerList } from '../../components/useServerList';
import { openBase64Pdf } from '../../lib/api-client';
import { Authorized } from '../../lib/authorization';
import { formatDate } from '../../lib/format';
import { admissionPdf, useApplications } from './api';
import { useAdmissionToast } from './form-controls';
import { IntakesPanel } from './IntakesPanel';
import { useLinkedFilter } from './linked-filter';

/** A saved form: its row id and numbers, and the payload's fields. */
type Row = TApplicationItem['applicationFormExcelM'] & Partial<TAdmissionForm>;

const PAGE = 50;

/** Saved admissions, newest first, with links to modify and to download the admission PDF again. */
export function ApplicationsPage() {
  const toast = useAdmissionToast();
  const list = useServerList({ pageSize: PAGE, label: 'Search applications', placeholder: 'Admission number, name, course' });
  // A drill-down link (analytics' admissions figures) narrows the list: ?branch=&quota=&year=.
  const branch = useLinkedFilter('branch');
  const quota = useLinkedFilter('quota');
  const year = useLinkedFilter('year');
  const linked = [branch, quota, /^\d{4}$/.test(year) ? qualityYearLabel(Number(year)) : ''].filter(Boolean);
  const apps = useApplications({ q: list.q, limit: list.limit, offset: list.offset, branch, quota, year });
  const rows = apps.data?.items.map((a) => a.applicationFormExcelM as Row);

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" fontWeight={700} sx={{ flexGrow: 1 }}>
          Admission Applications
        </Typography>
        <Button component={RouterLink} to={PATHS.admissionForm} variant="contained" size="small">
          New Admission
        </Button>
        <Button component={RouterLink} to={PATHS.studentAdmissionForm} variant="outlined" size="small">
          Student Admission Form
        </Button>
      </Stack>
      <Authorized roles={ADMISSION_ROLES}>
        <IntakesPanel />
      </Authorized>
      {linked.length > 0 && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="linked-filter"
          action={
            <Button component={RouterLink} to={PATHS.admissionApplications} color="inherit" size="small">
              Show all
            </Button>
          }
        >
          Admissions of {linked.join(' · ')}
          {apps.data ? `: ${apps.data.total}` : ''}
        </Alert>
      )}
      <DataTable
        label="Saved admissions"
        rows={rows}
        rowKey={(r) => r.id}
        loading={apps.isPending}
        refreshing={apps.isPlaceholderData}
        error={apps.isError ? apps.error : null}
        onRetry={() => void apps.refetch()}
        emptyText={MSG.noRecordsFound}
        search={list.search}
        exportName="admission-applications"
        paging={list.paging(apps.data?.total)}
        columns={[
          { key: 'adminNo', header: 'Admission No', nowrap: true },
          { key: 'name', header: 'Name' },
          {
            key: 'course',
            header: 'Course / Branch',
            hideBelow: 'sm',
            value: (r) => [r.courseAppliedFor, r.branch].filter(Boolean).join(' / '),
          },
          { key: 'batch', header: 'Batch', hideBelow: 'md' },
          { key: 'seatType', header: 'Seat type', hideBelow: 'md' },
          { key: 'aadhar', header: 'Aadhaar', hideBelow: 'md', value: (r) => maskAadhaar(r.aadharNo) },
          { key: 'date', header: 'Date', hideBelow: 'sm', nowrap: true, value: (r) => formatDate(r.dateOfAdmission) },
        ]}
        actions={(r) => (
          <>
            <Button
              size="small"
              component={RouterLink}
              to={`${PATHS.admissionForm}?mode=modify&rollNumber=${encodeURIComponent(r.adminNo)}`}
            >
              Modify
            </Button>
            <Button
              size="small"
              onClick={() =>
                admissionPdf(r.id)
                  .then((res) => openBase64Pdf(res.pdf, `${r.adminNo.replace(/\//g, '_')}.pdf`))
                  .catch((e: Error) => toast.error(e.message))
              }
            >
              PDF
            </Button>
          </>
        )}
      />
    </Paper>
  );
}
