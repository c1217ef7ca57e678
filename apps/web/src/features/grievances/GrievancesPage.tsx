import { useState } from 'react';
import { useLinkedFilter } from './linked-filter';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  Link,
  MenuItem,
  Paper,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_NO_LODGE_ROLES,
  GRIEVANCE_REPORT_ROLES,
  GRIEVANCE_SETTINGS_ROLES,
  GRIEVANCE_STATUSES,
  type TGrievanceSummary,
} from '@erp/shared';
import { getSessionUser } from '../../lib/session';
import { DataTable, queryRows } from '../../components/DataTable';
import { GrievanceLodgeDialog } from '../../components/GrievanceLodgeDialog';
import { useGrievances, useLodge, type ListFilters } from './api';
import { categoryLabel, ddmmyyyy, statusColor, statusLabel } from './format';

function StatusChips({ g }: { g: TGrievanceSummary }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" label={statusLabel(g.status)} color={statusColor(g.status)} />
      {g.overdue && <Chip size="small" label="Overdue" color="error" variant="outlined" />}
      {g.escalated && <Chip size="small" label="Escalated" variant="outlined" />}
      {g.appealStatus && <Chip size="small" label={`Appeal ${g.appealStatus}`} color="secondary" variant="outlined" />}
    </Box>
  );
}

const who = (g: TGrievanceSummary) =>
  (g.complainant ?? (g.anonymous ? 'Anonymous' : '—')) + (g.student ? ` (parent of ${g.student.rollNo})` : '');

/** Grievances: one's own, or those of one's role (incharge, committee, principal, ombudsperson). */
export function GrievancesPage() {
  const user = getSessionUser()!;
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  // analytics' drill-down opens those past their deadline (?overdue=true)
  const [overdue, setOverdue] = useState(useLinkedFilter('overdue') === 'true');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [lodging, setLodging] = useState(false);
  const lodge = useLodge();
  const filters: ListFilters = {
    page: page + 1,
    pageSize,
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(status ? { status: status as ListFilters['status'] } : {}),
    ...(category ? { category: category as ListFilters['category'] } : {}),
    ...(overdue ? { overdue: 'true' as const } : {}),
  };
  const list = useGrievances(filters);
  const canLodge = !user.roles.every((r) => (GRIEVANCE_NO_LODGE_ROLES as string[]).includes(r));
  const canSetUp = user.roles.some((r) => (GRIEVANCE_SETTINGS_ROLES as string[]).includes(r));
  const canReport = user.roles.some((r) => (GRIEVANCE_REPORT_ROLES as string[]).includes(r));
  const open = (id: number) => navigate(`/app/grievance-redressal/${id}`);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, flex: 1 }}>
          Grievances
        </Typography>
        {canSetUp && (
          <Button component={RouterLink} to="/app/grievance-redressal/committees">
            Committees
          </Button>
        )}
        {canReport && (
          <Button component={RouterLink} to="/app/grievance-redressal/reports">
            Reports
          </Button>
        )}
        {canLodge && (
          <Button variant="contained" onClick={() => setLodging(true)}>
            Lodge a grievance
          </Button>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Under the UGC (Redressal of Grievances of Students) Regulations 2023 the committee decides within 15 working days; a
        decision may be appealed to the ombudsperson.
      </Typography>
      <Paper
        sx={{
          p: 2,
          mb: 2,
          borderRadius: 3,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '2fr 1fr 1fr auto' },
        }}
      >
        <TextField size="small" label="Search number or subject" value={q} onChange={(e) => (setQ(e.target.value), setPage(0))} />
        <TextField
          size="small"
          select
          label="Status"
          value={status}
          onChange={(e) => (setStatus(e.target.value), setPage(0))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          {GRIEVANCE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {statusLabel(s)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label="Category"
          value={category}
          onChange={(e) => (setCategory(e.target.value), setPage(0))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          {GRIEVANCE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {categoryLabel(c)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={overdue} onChange={(e) => (setOverdue(e.target.checked), setPage(0))} />}
          label="Overdue only"
        />
      </Paper>

      <DataTable
        label="Grievances"
        testId="grievance-list"
        columns={[
          {
            key: 'number',
            header: 'Number',
            nowrap: true,
            render: (g) => <RouterLink to={`/app/grievance-redressal/${g.id}`}>{g.number}</RouterLink>,
          },
          { key: 'subject', header: 'Subject' },
          { key: 'category', header: 'Category', value: (g) => categoryLabel(g.category) },
          { key: 'complainant', header: 'Complainant', value: who },
          { key: 'lodgedOn', header: 'Lodged', value: (g) => ddmmyyyy(g.lodgedOn), nowrap: true },
          { key: 'dueOn', header: 'Due', value: (g) => ddmmyyyy(g.dueOn), nowrap: true },
          { key: 'committee', header: 'Committee', value: (g) => g.committee ?? 'Grievance cell' },
          { key: 'status', header: 'Status', value: (g) => statusLabel(g.status), render: (g) => <StatusChips g={g} /> },
        ]}
        {...queryRows(list, (d) => d.items)}
        rowKey={(g) => g.id}
        cardTitle={(g) => (
          <Link component="button" variant="body1" onClick={() => open(g.id)} aria-label={`Open ${g.number}`} sx={{ fontWeight: 700, textAlign: 'left' }}>
            {g.subject}
          </Link>
        )}
        emptyText="No grievances here."
        paging={{
          page,
          pageSize,
          total: list.data?.total,
          onPage: setPage,
          onPageSize: (size) => (setPageSize(size), setPage(0)),
          pageSizes: [10, 20, 50],
        }}
      />
      <GrievanceLodgeDialog
        open={lodging}
        onClose={() => setLodging(false)}
        title="Lodge a grievance"
        titleId="lodge-title"
        lodge={(body, files, idempotencyKey) => lodge.mutateAsync({ body, files, idempotencyKey })}
        onLodged={open}
        allowAnonymous
        allowFiles
      />
    </Box>
  );
}
