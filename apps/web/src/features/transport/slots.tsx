import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Chip, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import DirectionsBus from '@mui/icons-material/DirectionsBus';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { PATHS, ROLES, type TTransportDashboard } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { downloadPassPdf, useMyPasses, useTransportDashboard } from './api';
import { errorText } from './common';
import { certificateLabel, ddmmyyyy, expiryText, rupees } from './format';

/** The transport office's panel: fleet counts and certificates expiring within 30 days. */
export function TransportOverviewPanel() {
  const d = useTransportDashboard();
  return (
    <QueryState query={d} height={160}>
      {d.data && <TransportOverview x={d.data} />}
    </QueryState>
  );
}

function TransportOverview({ x }: { x: TTransportDashboard }) {
  const counts: Array<[string, string, string]> = [
    ['Vehicles', String(x.vehicles), PATHS.transportVehicles],
    ['Routes', String(x.routes), PATHS.transportRoutes],
    ['Stops', String(x.stops), PATHS.transportRoutes],
    ['Active passes', String(x.activePasses), PATHS.transportPasses],
    ['Seats taken', `${x.seatsTaken} / ${x.seats}`, PATHS.transportVehicles],
    ['Spent this month', rupees(x.monthExpenses, 0), PATHS.transportExpenses],
  ];
  return (
    <Box data-testid="transport-panel">
      <Typography variant="h6" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <DirectionsBus color="primary" /> Transport
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, mb: 2 }}>
        {counts.map(([label, value, to]) => (
          <Link
            key={label}
            component={RouterLink}
            to={to}
            underline="none"
            sx={{ p: 1.25, borderRadius: 2, bgcolor: 'action.hover', color: 'text.primary' }}
          >
            <Typography sx={{ fontWeight: 700, fontSize: 20 }} data-testid={`transport-count-${label}`}>
              {value}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
          </Link>
        ))}
      </Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        Certificates due within 30 days
      </Typography>
      {x.warnings.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Every certificate is valid for more than 30 days.
        </Typography>
      ) : (
        <List dense disablePadding data-testid="expiry-warnings">
          {x.warnings.map((w) => (
            <ListItem
              key={`${w.vehicleId}-${w.certificate}`}
              disableGutters
              secondaryAction={<Chip size="small" color={w.daysLeft < 0 ? 'error' : 'warning'} label={expiryText(w.daysLeft)} />}
            >
              <ListItemText
                primary={`${w.regNo} · ${certificateLabel(w.certificate)}`}
                secondary={ddmmyyyy(w.expiresOn)}
                sx={{ pr: 16 }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** A student's (or staff member's) own bus pass, with its PDF. */
export function MyBusPassPanel() {
  const toast = useToast();
  const mine = useMyPasses();
  const active = (mine.data ?? []).filter((p) => p.status === 'active');
  return (
    <QueryState query={mine} height={80}>
      <Box data-testid="my-bus-pass">
        <Typography variant="h6" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <DirectionsBus color="primary" /> My bus pass
        </Typography>
        {active.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            You have no bus pass. The transport office issues passes.
          </Typography>
        ) : (
          active.map((p) => (
            <Box key={p.id} sx={{ mb: 1.5 }}>
              <Typography sx={{ fontWeight: 600 }}>{`${p.passNo} · ${p.academicYear}`}</Typography>
              <Typography variant="body2">{`${p.routeCode} ${p.routeName}`}</Typography>
              <Typography variant="body2" color="text.secondary">
                {`${p.stopName}, pickup ${p.pickupTime} · bus ${p.vehicleRegNo} · ${rupees(p.fare, 0)} a year`}
              </Typography>
              <Button
                size="small"
                startIcon={<PictureAsPdf />}
                sx={{ mt: 0.5 }}
                onClick={() => downloadPassPdf(p).catch((e) => toast.error(errorText(e)))}
              >
                Download pass
              </Button>
            </Box>
          ))
        )}
      </Box>
    </QueryState>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.TRANSPORTATION_INCHARGE]: [TransportOverviewPanel],
  [ROLES.STUDENT]: [MyBusPassPanel],
};
