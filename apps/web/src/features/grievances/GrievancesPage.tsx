import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Skeleton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
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
  const phone = useMediaQuery('(max-width:700px)');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [overdue, setOverdue] = useState(false);
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

      {list.isError ? (
        <Alert severity="error" action={<Button onClick={() => list.refetch()}>Retry</Button>}>
          {list.error.message}
        </Alert>
      ) : list.isPending ? (
        <Box>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Box>
      ) : list.data.items.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <Typography color="text.secondary">No grievances here.</Typography>
        </Paper>
      ) : phone ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="grievance-list">
          {list.data.items.map((g) => (
            <Card key={g.id} sx={{ borderRadius: 3 }}>
              <CardActionArea onClick={() => open(g.id)} aria-label={`Open ${g.number}`}>
                <CardContent>
                  <Typography variant="caption" color="text.secondary">
                    {g.number} · {categoryLabel(g.category)} · due {ddmmyyyy(g.dueOn)}
                  </Typography>
                  <Typography sx={{ fontWeight: 600, my: 0.5 }}>{g.subject}</Typography>
                  <StatusChips g={g} />
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      ) : (
        <Paper sx={{ borderRadius: 3, overflow: 'hidden' }}>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Grievances" data-testid="grievance-list">
              <TableHead>
                <TableRow>
                  {['Number', 'Subject', 'Category', 'Complainant', 'Lodged', 'Due', 'Committee', 'Status'].map((h) => (
                    <TableCell key={h} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((g) => (
                  <TableRow key={g.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <RouterLink to={`/app/grievance-redressal/${g.id}`}>{g.number}</RouterLink>
                    </TableCell>
                    <TableCell>{g.subject}</TableCell>
                    <TableCell>{categoryLabel(g.category)}</TableCell>
                    <TableCell>{who(g)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{ddmmyyyy(g.lodgedOn)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{ddmmyyyy(g.dueOn)}</TableCell>
                    <TableCell>{g.committee ?? 'Grievance cell'}</TableCell>
                    <TableCell>
                      <StatusChips g={g} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {list.data && list.data.total > 0 && (
        <TablePagination
          component="div"
          count={list.data.total}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={pageSize}
          onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
          rowsPerPageOptions={[10, 20, 50]}
        />
      )}
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
