import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { MSG, PATHS, type TAdmissionForm, type TApplicationItem } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { openBase64Pdf } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { admissionPdf, useApplications } from './api';
import { useAdmissionToast } from './form-controls';

/** A saved form: its row id and numbers, and the payload's fields. */
type Row = TApplicationItem['applicationFormExcelM'] & Partial<TAdmissionForm>;

const PAGE = 50;
const masked = (aadhar: string) => (aadhar ? `XXXX XXXX ${aadhar.slice(-4)}` : '');

/** Saved admissions, newest first, with links to modify and to download the admission PDF again. */
export function ApplicationsPage() {
  const toast = useAdmissionToast();
  const [page, setPage] = useState(0);
  const apps = useApplications(page, PAGE);
  const rows = (apps.data ?? []).slice(0, PAGE).map((a) => a.applicationFormExcelM as Row);
  const more = (apps.data?.length ?? 0) > PAGE;

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
      <DataTable
        label="Saved admissions"
        rows={apps.data ? rows : undefined}
        rowKey={(r) => r.id}
        loading={apps.isPending}
        error={apps.isError ? apps.error : null}
        onRetry={() => void apps.refetch()}
        emptyText={MSG.noRecordsFound}
        search
        searchPlaceholder="Admission number, name, course"
        exportName="admission-applications"
        paging={{ page, pageSize: PAGE, hasMore: more, onPage: setPage }}
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
          { key: 'aadhar', header: 'Aadhaar', hideBelow: 'md', value: (r) => masked(r.aadharNo ?? '') },
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
