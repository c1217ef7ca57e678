import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Search from '@mui/icons-material/Search';
import type { TRoute } from '@erp/shared';
import { useRoutes, useVehicles } from './api';
import { ListState, TransportShell, useFiltered } from './common';
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
      <ListState
        loading={routes.isPending}
        error={routes.error}
        empty={list.length === 0}
        emptyText="No routes match."
        onRetry={() => routes.refetch()}
      >
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
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={`Stops of route ${r.code}`}>
                    <TableHead>
                      <TableRow>
                        <TableCell>#</TableCell>
                        <TableCell>Stop</TableCell>
                        <TableCell>Pickup</TableCell>
                        <TableCell align="right">Yearly fare</TableCell>
                        <TableCell align="right">Passes</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {r.stops.map((s) => (
                        <TableRow key={s.id}>
                          <TableCell>{s.seq}</TableCell>
                          <TableCell>{s.name}</TableCell>
                          <TableCell>{s.pickupTime}</TableCell>
                          <TableCell align="right">{rupees(s.fare, 0)}</TableCell>
                          <TableCell align="right">{s.passes}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      </ListState>
      <RouteDialog
        open={dialog !== null}
        route={dialog?.route ?? null}
        vehicles={vehicles.data ?? []}
        onClose={() => setDialog(null)}
      />
    </TransportShell>
  );
}
