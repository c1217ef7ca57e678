import { useState } from 'react';
import { useLinkedFilter } from './linked-filter';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardContent, LinearProgress, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import {
  HOSTEL_KIND_LABELS,
  HOSTEL_PATHS,
  HOSTEL_STAFF_ROLES,
  type TBoardRoom,
  type THostelKind,
  type TOccupancyQuery,
} from '@erp/shared';
import { downloadResidents, useBuildings, useOccupancy } from './api';
import { AllotDialog } from './AllotmentDialogs';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { BED_COLOURS } from './format';
import { HostelNav } from './HostelNav';
import { useCan } from '../../lib/authorization';

const LEGEND: Array<[keyof typeof BED_COLOURS, string]> = [
  ['free', 'Free'],
  ['occupied', 'Occupied'],
  ['reserved', 'Reserved'],
];

/** The occupancy board: a grid of rooms per building and floor, each bed coloured by its state. */
export function OccupancyPage() {
  const buildings = useBuildings();
  // analytics' drill-down opens one block's board (?buildingId=)
  const linkedBuilding = Number(useLinkedFilter('buildingId')) || undefined;
  const [filters, setFilters] = useState<Partial<TOccupancyQuery>>({ buildingId: linkedBuilding });
  const buildingId = filters.buildingId ?? buildings.data?.[0]?.id;
  const board = useOccupancy({ ...filters, buildingId }, buildingId !== undefined);
  const [allot, setAllot] = useState<{ bedId: number; text: string; gender?: string } | null>(null);
  // Leadership reads the board (their hostel figures drill here); only the office allots and exports.
  const mayAllot = useCan(HOSTEL_STAFF_ROLES);
  const set = (k: keyof TOccupancyQuery, v: string) =>
    setFilters((f) => ({ ...f, [k]: v === '' ? undefined : k === 'status' || k === 'ac' ? v : Number(v) }));
  const stats = board.data?.buildings[0];
  const floors = new Map<number, TBoardRoom[]>();
  for (const r of board.data?.rooms ?? []) floors.set(r.floor, [...(floors.get(r.floor) ?? []), r]);
  const kind = stats?.kind as THostelKind | undefined;

  return (
    <Box>
      <HostelNav title="Occupancy board" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <TextField
          select
          label="Hostel"
          value={buildingId ?? ''}
          onChange={(e) => set('buildingId', e.target.value)}
          sx={{ minWidth: 240 }}
          slotProps={{ htmlInput: { 'data-testid': 'board-building' } }}
        >
          {(buildings.data ?? []).map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Floor"
          value={filters.floor ?? ''}
          onChange={(e) => set('floor', e.target.value)}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">All floors</MenuItem>
          {(stats?.floors ?? []).map((f) => (
            <MenuItem key={f} value={f}>
              {f === 0 ? 'Ground' : `Floor ${f}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Beds"
          value={filters.status ?? ''}
          onChange={(e) => set('status', e.target.value)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All rooms</MenuItem>
          <MenuItem value="free">With a free bed</MenuItem>
          <MenuItem value="occupied">With a resident</MenuItem>
          <MenuItem value="reserved">With a reserved bed</MenuItem>
        </TextField>
        <TextField
          select
          label="Sharing"
          value={filters.sharing ?? ''}
          onChange={(e) => set('sharing', e.target.value)}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">Any</MenuItem>
          {[1, 2, 3, 4, 5, 6].map((n) => (
            <MenuItem key={n} value={n}>
              {n}-sharing
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="AC" value={filters.ac ?? ''} onChange={(e) => set('ac', e.target.value)} sx={{ minWidth: 110 }}>
          <MenuItem value="">Any</MenuItem>
          <MenuItem value="yes">AC</MenuItem>
          <MenuItem value="no">Non-AC</MenuItem>
        </TextField>
        {mayAllot && (
          <Button
            startIcon={<Download />}
            variant="outlined"
            onClick={() => downloadResidents(buildingId)}
            sx={{ alignSelf: 'center' }}
          >
            Residents (Excel)
          </Button>
        )}
      </Stack>

      <QueryState query={buildings}>
        {buildings.data?.length === 0 ? (
          <Typography>
            No hostels yet. <RouterLink to={HOSTEL_PATHS.buildings}>Add a building and its rooms</RouterLink>.
          </Typography>
        ) : (
          <QueryState query={board} height={300}>
            {stats && (
              <Card sx={{ mb: 2, borderRadius: 3 }} data-testid="building-stats">
                <CardContent>
                  <Typography variant="h6">
                    {stats.name}{' '}
                    {kind && (
                      <Typography component="span" color="text.secondary">
                        ({HOSTEL_KIND_LABELS[kind]})
                      </Typography>
                    )}
                  </Typography>
                  <StatsPanel
                    columns={{ xs: 2, sm: 6 }}
                    sx={{ gap: 1, my: 1 }}
                    stats={(
                      [
                        ['Beds', stats.beds.toLocaleString('en-IN')],
                        ['Occupied', stats.occupied.toLocaleString('en-IN')],
                        ['Free', stats.free.toLocaleString('en-IN')],
                        ['Reserved', stats.reserved.toLocaleString('en-IN')],
                        ['Occupancy', `${stats.occupancyPct}%`],
                        ['Vacancy', `${stats.vacancyPct}%`],
                      ] as const
                    ).map(([label, value]) => ({ label, value, testId: `stat-${label.toLowerCase()}` }))}
                  />
                  <LinearProgress
                    variant="determinate"
                    value={stats.occupancyPct}
                    aria-label="Occupancy"
                    sx={{ height: 8, borderRadius: 4 }}
                  />
                </CardContent>
              </Card>
            )}
            <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
              {LEGEND.map(([k, label]) => (
                <Stack key={k} direction="row" spacing={0.5} alignItems="center">
                  <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: BED_COLOURS[k] }} />
                  <Typography variant="body2">{label}</Typography>
                </Stack>
              ))}
            </Stack>
            {floors.size === 0 && <Typography color="text.secondary">No rooms match these filters.</Typography>}
            {[...floors.entries()].map(([floor, rooms]) => (
              <Box key={floor} sx={{ mb: 2 }} data-testid={`floor-${floor}`}>
                <Typography variant="subtitle1" fontWeight={700} sx={{ mb: 1 }}>
                  {floor === 0 ? 'Ground floor' : `Floor ${floor}`}
                </Typography>
                <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))' }}>
                  {rooms.map((r) => (
                    <Box
                      key={r.id}
                      sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, p: 0.75 }}
                      data-testid={`room-${r.roomNo}`}
                    >
                      <Typography variant="caption" fontWeight={700}>
                        {r.roomNo}
                        {r.ac ? ' · AC' : ''}
                      </Typography>
                      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                        {r.beds.map((b) => {
                          const tip =
                            b.status === 'occupied'
                              ? `${r.roomNo}-${b.label}: ${b.name} (${b.rollNo})`
                              : b.status === 'reserved'
                                ? `${r.roomNo}-${b.label}: reserved ${b.note}`
                                : `${r.roomNo}-${b.label}: free${mayAllot ? ', click to allot' : ''}`;
                          return (
                            <Tooltip key={b.id} title={tip}>
                              <Box
                                component="button"
                                type="button"
                                aria-label={tip}
                                data-status={b.status}
                                data-testid={`bed-${r.roomNo}-${b.label}`}
                                onClick={() =>
                                  mayAllot &&
                                  b.status === 'free' &&
                                  setAllot({
                                    bedId: b.id,
                                    text: `${stats?.name ?? ''} ${r.roomNo}-${b.label}`,
                                    gender: kind === 'GIRLS' ? 'FEMALE' : 'MALE',
                                  })
                                }
                                sx={{
                                  width: 22,
                                  height: 22,
                                  border: 0,
                                  borderRadius: 0.5,
                                  bgcolor: BED_COLOURS[b.status],
                                  color: '#fff',
                                  fontSize: 11,
                                  cursor: mayAllot && b.status === 'free' ? 'pointer' : 'default',
                                  p: 0,
                                }}
                              >
                                {b.label}
                              </Box>
                            </Tooltip>
                          );
                        })}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </QueryState>
        )}
      </QueryState>
      <AllotDialog
        open={!!allot}
        onClose={() => setAllot(null)}
        bedId={allot?.bedId}
        bedText={allot?.text}
        gender={allot?.gender}
      />
    </Box>
  );
}
