import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  IconButton,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Block from '@mui/icons-material/Block';
import Search from '@mui/icons-material/Search';
import { EXPIRY_WARNING_DAYS, VEHICLE_CERTIFICATES, type TVehicle } from '@erp/shared';
import { useConfirm, useToast } from '../../components/feedback';
import { useRetireVehicle, useVehicles } from './api';
import { ListState, RowCard, TransportShell, errorText, useNarrow } from './common';
import { certificateLabel, ddmmyyyy, todayIso } from './format';
import { VehicleDialog } from './VehicleDialog';

const daysTo = (iso: string, today: string) => Math.round((Date.parse(iso) - Date.parse(today)) / 86_400_000);

function Certificates({ v, today }: { v: TVehicle; today: string }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {VEHICLE_CERTIFICATES.map((c) => {
        const date = v[`${c}Expiry`];
        const left = daysTo(date, today);
        const color = left < 0 ? 'error' : left <= EXPIRY_WARNING_DAYS ? 'warning' : 'default';
        return (
          <Tooltip key={c} title={`${certificateLabel(c)}: ${ddmmyyyy(date)}`}>
            <Chip
              size="small"
              variant={color === 'default' ? 'outlined' : 'filled'}
              color={color}
              label={`${certificateLabel(c).split(' ')[0]} ${ddmmyyyy(date)}`}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}

/** /app/Transport/Vehicles: the fleet, seats taken, drivers and certificate expiry (warned 30 days ahead). */
export function VehiclesPage() {
  const vehicles = useVehicles();
  const retire = useRetireVehicle();
  const toast = useToast();
  const confirm = useConfirm();
  const [q, setQ] = useState('');
  const [dialog, setDialog] = useState<{ vehicle: TVehicle | null } | null>(null);
  const today = todayIso();
  const narrow = useNarrow();
  const list = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (vehicles.data ?? []).filter(
      (v) => !needle || `${v.regNo} ${v.driverName} ${v.routeName ?? ''}`.toLowerCase().includes(needle),
    );
  }, [vehicles.data, q]);

  const onRetire = async (v: TVehicle) => {
    if (
      !(await confirm({
        title: `Retire ${v.regNo}?`,
        text: 'A retired vehicle takes no routes or passes.',
        confirmText: 'Retire',
        cancelText: 'Cancel',
      }))
    )
      return;
    retire.mutate(
      { id: v.id, reason: 'Retired from the fleet' },
      { onSuccess: () => toast.success(`${v.regNo} retired`), onError: (e) => toast.error(errorText(e)) },
    );
  };

  return (
    <TransportShell
      title="Vehicles"
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ vehicle: null })}>
          Add vehicle
        </Button>
      }
    >
      <TextField
        size="small"
        placeholder="Search registration, driver or route"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': 'Search vehicles' },
        }}
      />
      <ListState
        loading={vehicles.isPending}
        error={vehicles.error}
        empty={list.length === 0}
        emptyText="No vehicles match."
        onRetry={() => vehicles.refetch()}
      >
        {narrow ? (
          list.map((v) => (
            <RowCard
              key={v.id}
              testId={`vehicle-row-${v.regNo}`}
              title={
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {v.regNo}
                </Box>
              }
              aside={
                <Chip
                  size="small"
                  color={v.seatsTaken >= v.seatingCapacity ? 'error' : 'default'}
                  label={`${v.seatsTaken} / ${v.seatingCapacity}`}
                />
              }
              lines={[
                v.routeName ?? 'No route',
                `${v.driverName}${v.driverPhone ? ` · ${v.driverPhone}` : ''}`,
                <Certificates key="c" v={v} today={today} />,
              ]}
              actions={
                v.status === 'active' && (
                  <>
                    <Button size="small" startIcon={<Edit />} onClick={() => setDialog({ vehicle: v })}>
                      Edit
                    </Button>
                    <Button size="small" startIcon={<Block />} onClick={() => onRetire(v)}>
                      Retire
                    </Button>
                  </>
                )
              }
            />
          ))
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Vehicles" sx={{ minWidth: 900 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Registration</TableCell>
                  <TableCell>Route</TableCell>
                  <TableCell align="right">Seats</TableCell>
                  <TableCell>Driver</TableCell>
                  <TableCell>Certificates (expiry)</TableCell>
                  <TableCell>Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((v) => (
                  <TableRow key={v.id} data-testid={`vehicle-row-${v.regNo}`} sx={{ opacity: v.status === 'retired' ? 0.55 : 1 }}>
                    <TableCell>
                      <Typography sx={{ fontWeight: 600, fontFamily: 'monospace' }}>{v.regNo}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {v.vehicleType}
                        {v.makeModel ? ` · ${v.makeModel}` : ''}
                        {v.status === 'retired' ? ' · retired' : ''}
                      </Typography>
                    </TableCell>
                    <TableCell>{v.routeName ?? '—'}</TableCell>
                    <TableCell align="right">
                      <Chip
                        size="small"
                        color={v.seatsTaken >= v.seatingCapacity ? 'error' : 'default'}
                        label={`${v.seatsTaken} / ${v.seatingCapacity}`}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {v.driverName}
                      <Typography variant="caption" display="block" color="text.secondary">
                        {v.driverPhone}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Certificates v={v} today={today} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {v.status === 'active' && (
                        <>
                          <Tooltip title="Edit">
                            <IconButton aria-label={`Edit ${v.regNo}`} onClick={() => setDialog({ vehicle: v })}>
                              <Edit />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title="Retire">
                            <IconButton aria-label={`Retire ${v.regNo}`} onClick={() => onRetire(v)}>
                              <Block />
                            </IconButton>
                          </Tooltip>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ListState>
      <VehicleDialog open={dialog !== null} vehicle={dialog?.vehicle ?? null} onClose={() => setDialog(null)} />
    </TransportShell>
  );
}
