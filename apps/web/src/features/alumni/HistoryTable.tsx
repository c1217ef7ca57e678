import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { MSG, codeLabel, type TAlumniHistoryRecord } from '@erp/shared';
import { DataTable, queryRows, serialColumn, type DataColumn } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { openHistoryFile } from './api';

const orDash = (v: string) => v || '—';
const notShared = (v: string, r: TAlumniHistoryRecord) => v || (r.limited ? 'Not shared' : '');

/** The alumni already on record (getAlumniData), newest first. */
export function HistoryTable({ query }: { query: UseQueryResult<TAlumniHistoryRecord[]> }) {
  const toast = useToast();
  const open = (id: number, file: 'photo' | 'certificate') =>
    openHistoryFile(id, file).catch((e) => toast.error(e instanceof ApiError ? e.message : String(e)));
  const columns: Array<DataColumn<TAlumniHistoryRecord>> = [
    serialColumn(query.data),
    { key: 'rollNumber', header: 'Roll Number', value: (r) => orDash(r.rollNumber), nowrap: true },
    { key: 'name', header: 'Name', nowrap: true },
    { key: 'course', header: 'Course' },
    { key: 'batch', header: 'Batch', nowrap: true },
    { key: 'branch', header: 'Branch' },
    {
      key: 'status',
      header: 'Status',
      value: (r) => codeLabel(r.status),
      render: (r) => (
        <Chip size="small" label={codeLabel(r.status)} color={r.status === 'working' ? 'primary' : 'secondary'} variant="outlined" />
      ),
    },
    { key: 'company', header: 'Company / Institute', value: (r) => (r.status === 'working' ? r.company : r.instituteName) },
    { key: 'designation', header: 'Designation', value: (r) => orDash(r.designation) },
    { key: 'packages', header: 'Package', value: (r) => orDash(r.packages), nowrap: true },
    { key: 'location', header: 'Location' },
    { key: 'studentMobile', header: 'Phone', value: (r) => notShared(r.studentMobile, r), nowrap: true },
    { key: 'studentEmail', header: 'Email', value: (r) => notShared(r.studentEmail, r), nowrap: true },
    {
      key: 'files',
      header: 'Files',
      noExport: true,
      value: () => '',
      render: (r) => (
        <>
          {r.hasPhoto && (
            <Button size="small" onClick={() => open(r.id, 'photo')} aria-label={`Photo of ${r.rollNumber}`}>
              Photo
            </Button>
          )}
          {r.hasCertificate && (
            <Button size="small" onClick={() => open(r.id, 'certificate')} aria-label={`Certificate of ${r.rollNumber}`}>
              {r.status === 'working' ? 'Offer Letter' : 'Admit Card'}
            </Button>
          )}
          {!r.hasPhoto && !r.hasCertificate && '—'}
        </>
      ),
    },
  ];
  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Alumni Records {query.data ? `(${query.data.length})` : ''}
        </Typography>
        <DataTable
          label="Alumni records"
          columns={columns}
          {...queryRows(query)}
          rowKey={(r) => r.id}
          rowTestId={(r) => `alumni-row-${r.rollNumber}`}
          cardTitle={(r) => r.name}
          emptyText={MSG.noRecordsFound}
          maxHeight={560}
        />
      </CardContent>
    </Card>
  );
}
