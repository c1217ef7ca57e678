import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import EditNote from '@mui/icons-material/EditNote';
import { QUALITY_ROLES } from '@erp/shared';
import { Authorized } from '../lib/authorization';
import { QualityInputsDialog } from './QualityInputsDialog';
import { useToast } from './feedback';

/** The last completed academic year (the one a report's latest figures are for): 2026-27 running → 2025. */
export function lastCompletedYear(now = new Date()) {
  return now.getMonth() > 3 ? now.getFullYear() - 1 : now.getFullYear() - 2;
}

/** An academic year by its first calendar year: 2024 → "2024-25". */
export const academicYearLabel = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;

interface Props {
  /** the framework whose IQAC inputs the page edits (the API's /api/<framework>/inputs) */
  framework: 'naac' | 'nirf';
  title: string;
  /** a line under the title */
  subtitle: ReactNode;
  /** what a role that may not read the figures is told */
  forbidden: string;
  /** the academic year shown (its first calendar year), and the newest one offered */
  year: number;
  latest: number;
  onYear: (year: number) => void;
  exportLabel: string;
  /** downloads the workbook; a failure is shown as a toast */
  onExport: () => Promise<unknown>;
  /** the figures' query: its loading and its failure (with a retry) are shown above the children */
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** what failed to load, e.g. "the NAAC metrics" */
  what: string;
  children: ReactNode;
}

/**
 * A quality framework's page (NAAC, NIRF) for IQAC, the principal and the admin: the title, the
 * academic year (the last eight), the Excel export, the IQAC inputs the portal does not hold, and
 * the framework's figures below.
 */
export function QualityFrameworkPage(props: Props) {
  const { year, query } = props;
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const toast = useToast();

  const exportYear = async () => {
    setExporting(true);
    try {
      await props.onExport();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Authorized roles={QUALITY_ROLES} fallback={<Alert severity="error">{props.forbidden}</Alert>}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 30 } }}>
          {props.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {props.subtitle}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
          <TextField
            select
            size="small"
            label="Academic year"
            value={year}
            onChange={(e) => props.onYear(Number(e.target.value))}
            sx={{ minWidth: 180 }}
          >
            {Array.from({ length: 8 }, (_, i) => props.latest - i).map((y) => (
              <MenuItem key={y} value={y}>
                {academicYearLabel(y)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" startIcon={<Download />} onClick={() => void exportYear()} disabled={exporting}>
            {exporting ? 'Preparing…' : props.exportLabel}
          </Button>
          <Button variant="outlined" startIcon={<EditNote />} onClick={() => setEditing(true)}>
            IQAC inputs
          </Button>
        </Stack>

        {query.isLoading && <CircularProgress aria-label="Loading" />}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            Could not load {props.what}: {(query.error as Error).message}
          </Alert>
        )}
        {props.children}
        <QualityInputsDialog framework={props.framework} year={year} open={editing} onClose={() => setEditing(false)} />
      </Box>
    </Authorized>
  );
}
