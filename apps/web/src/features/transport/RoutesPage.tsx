import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, IconButton, InputAdornment, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Search from '@mui/icons-material/Search';
import type { TRoute } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useRoutes, useVehicles } from './api';
import { TransportShell, useFiltered } from './common';
import { rupees } from './format';
import { RouteDialog } from './RouteDialog';

/** /app/Transport/Routes: each route's vehicle and its ordered stops with pickup times, fares and pass holders. */
export function RoutesPage() {
  const routes = useRoutes();
  const vehicles = useVehicles();
  const [dialog, setDialog] = useState<{ route: TRoute | null } | null>(null);
  const search = useFiltered(
    routes.data,
    (r) => `${r.code} ${r.name} ${r.vehicleRegNo ?? ''} ${r.stops.map((s) => s.name).join(' ')}`,
  );
  const list = search.rows ?? [];

  return (
    <TransportShell
      title="Routes and stops"
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ route: null })}>
          Add route
        </Button>
      }
    >
      <TextField
        size="small"
        placeholder="Search route, stop or vehicle"
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': 'Search routes' },
        }}
      />
      <QueryState spinner query={routes} empty={list.length === 0} emptyText="No routes match.">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {list.map((r) => (
            <Card key={r.id} variant="outlined" sx={{ borderRadius: 2 }} data-testid={`route-${r.code}`}>
              <CardContent>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                  <Chip color="primary" label={r.code} />
                  <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>{r.name}</Typography>
                  <Tooltip title="Edit route">
                    <IconButton aria-label={`Edit route ${r.code}`} onClick={() => setDialog({ route: r })}>
                      <Edit />
                    </IconButton>
                  </Tooltip>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary">
                    {r.vehicleRegNo
                      ? `Vehicle ${r.vehicleRegNo} · ${r.seatsTaken} of ${r.seatingCapacity} seats taken`
                      : 'No vehicle assigned'}
                  </Typography>
                  {r.full && <Chip size="small" color="error" label="Full" data-testid={`full-${r.code}`} />}
                  {r.waiting > 0 && <Chip size="small" variant="outlined" label={`${r.waiting} waiting`} />}
                </Box>
                <DataTable
                  label={`Stops of route ${r.code}`}
                  columns={[
                    { key: 'seq', header: '#' },
                    { key: 'name', header: 'Stop' },
                    { key: 'pickupTime', header: 'Pickup' },
                    { key: 'fare', header: 'Yearly fare', align: 'right', value: (s) => rupees(s.fare, 0) },
                    { key: 'passes', header: 'Passes', align: 'right' },
                  ]}
                  rows={r.stops}
                  rowKey={(s) => s.id}
                  cardTitle={(s) => `${s.seq}. ${s.name}`}
                  loading={false}
                  emptyText="No stops yet."
                  paging={false}
                />
              </CardContent>
            </Card>
          ))}
        </Box>
      </QueryState>
      <RouteDialog
        open={dialog !== null}
        route={dialog?.route ?? null}
        vehicles={vehicles.data ?? []}
        onClose={() => setDialog(null)}
      />
    </TransportShell>
  );
}
