import { useState } from 'react';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Block from '@mui/icons-material/Block';
import { EXPIRY_WARNING_DAYS, VEHICLE_CERTIFICATES, type TVehicle } from '@erp/shared';
import { DataTable, queryRows, type DataColumn } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { useRetireVehicle, useVehicles } from './api';
import { TransportShell, errorText, useFiltered, useNarrow } from './common';
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

const columns = (today: string): Array<DataColumn<TVehicle>> => [
  {
    key: 'regNo',
    header: 'Registration',
    render: (v) => (
      <>
        <Typography component="span" display="block" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
          {v.regNo}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {v.vehicleType}
          {v.makeModel ? ` · ${v.makeModel}` : ''}
          {v.status === 'retired' ? ' · retired' : ''}
        </Typography>
      </>
    ),
  },
  { key: 'routeName', header: 'Route', render: (v) => v.routeName ?? '—' },
  {
    key: 'seats',
    header: 'Seats',
    align: 'right',
    value: (v) => `${v.seatsTaken} / ${v.seatingCapacity}`,
    render: (v) => (
      <Chip
        size="small"
        color={v.seatsTaken >= v.seatingCapacity ? 'error' : 'default'}
        label={`${v.seatsTaken} / ${v.seatingCapacity}`}
      />
    ),
  },
  {
    key: 'driverName',
    header: 'Driver',
    nowrap: true,
    value: (v) => `${v.driverName}${v.driverPhone ? ` · ${v.driverPhone}` : ''}`,
    render: (v) => (
      <>
        {v.driverName}
        <Typography variant="caption" display="block" color="text.secondary">
          {v.driverPhone}
        </Typography>
      </>
    ),
  },
  {
    key: 'certificates',
    header: 'Certificates (expiry)',
    value: (v) => VEHICLE_CERTIFICATES.map((c) => `${certificateLabel(c)} ${ddmmyyyy(v[`${c}Expiry`])}`).join(', '),
    render: (v) => <Certificates v={v} today={today} />,
  },
];

/** /app/Transport/Vehicles: the fleet, seats taken, drivers and certificate expiry (warned 30 days ahead). */
export function VehiclesPage() {
  const vehicles = useVehicles();
  const retire = useRetireVehicle();
  const toast = useToast();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<{ vehicle: TVehicle | null } | null>(null);
  const narrow = useNarrow();
  const search = useFiltered(vehicles.data, (v) => `${v.regNo} ${v.driverName} ${v.routeName ?? ''}`);

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
      <DataTable
        label="Vehicles"
        columns={columns(todayIso())}
        {...queryRows(vehicles)}
        rows={search.rows}
        rowKey={(v) => v.id}
        rowTestId={(v) => `vehicle-row-${v.regNo}`}
        emptyText="No vehicles match."
        search={{
          value: search.text,
          onChange: search.setText,
          label: 'Search vehicles',
          placeholder: 'Registration, driver or route',
        }}
        actions={(v) =>
          v.status === 'active' &&
          (narrow ? (
            <>
              <Button size="small" startIcon={<Edit />} onClick={() => setDialog({ vehicle: v })}>
                Edit
              </Button>
              <Button size="small" startIcon={<Block />} onClick={() => onRetire(v)}>
                Retire
              </Button>
            </>
          ) : (
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
          ))
        }
      />
      <VehicleDialog open={dialog !== null} vehicle={dialog?.vehicle ?? null} onClose={() => setDialog(null)} />
    </TransportShell>
  );
}
