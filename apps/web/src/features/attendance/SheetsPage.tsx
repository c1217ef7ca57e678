import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { periodTime, type TSessionSummary } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useSectionSessions, useSections, useSessionHistory, useUnlockSession } from './api';
import { useLinkedFilter } from './linked-filter';

const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
const when = (iso: string) => `${dmy(iso)} ${new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })}`;
const ACTION: Record<string, string> = { create: 'Marked', edit: 'Edited', unlock: 'Unlocked' };

/** What a change did: the absentees (and other marks) before and after, or the new unlock time. */
function describe(action: string, before: string, after: string) {
  if (action === 'unlock') return `Editable until ${when(after)}`;
  const marks = (json: string) => {
    if (!json) return 'everyone present';
    const m = JSON.parse(json) as Record<string, string>;
    const parts = Object.entries(m).map(([roll, status]) => `${roll} ${status}`);
    return parts.length ? parts.join(', ') : 'everyone present';
  };
  return action === 'create' ? marks(after) : `${marks(before)} → ${marks(after)}`;
}

function HistoryDialog({ session, onClose }: { session: TSessionSummary; onClose: () => void }) {
  const q = useSessionHistory(session.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`History · ${dmy(session.date)} P${session.period} ${session.subjectCode}`}</DialogTitle>
      <DialogContent>
        <QueryState spinner query={q}>
          <Stack spacing={1} data-testid="sheet-history">
            {(q.data ?? []).map((h) => (
              <Box key={h.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
                <Typography variant="body2" fontWeight={700}>{`${ACTION[h.action] ?? h.action} by ${h.username}`}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {when(h.at)}
                </Typography>
                <Typography variant="body2">{describe(h.action, h.before, h.after)}</Typography>
              </Box>
            ))}
          </Stack>
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The HoD's (or admin's) view of a section's sheets on a day: unlock a closed one, see who changed what and when. */
export function SheetsPage() {
  const sections = useSections();
  // A drill-down link (analytics' sheets never submitted) names the section and the day.
  const linkedSection = Number(useLinkedFilter('sectionId'));
  const [sectionId, setSectionId] = useState<number | ''>(linkedSection > 0 ? linkedSection : '');
  const linkedDate = useLinkedFilter('date');
  const [date, setDate] = useState(() =>
    /^\d{4}-\d{2}-\d{2}$/.test(linkedDate) ? linkedDate : new Date().toISOString().slice(0, 10),
  );
  const [history, setHistory] = useState<TSessionSummary | null>(null);
  const list = useSectionSessions(sectionId, date);
  const unlock = useUnlockSession();
  const toast = useToast();
  const confirm = useConfirm();
  const doUnlock = async (s: TSessionSummary) => {
    if (
      !(await confirm({
        title: `Unlock ${s.subjectCode} period ${s.period} for editing?`,
        confirmText: 'Unlock',
        cancelText: 'Cancel',
      }))
    )
      return;
    unlock.mutate(s.id, {
      onSuccess: (r) => toast.success(`Unlocked for editing until ${when(r.unlockedUntil)}`),
      onError: (e) => toast.error(e.message),
    });
  };
  const status = (s: TSessionSummary) =>
    s.locked ? (
      <Chip size="small" color="warning" label="Locked" />
    ) : (
      <Chip size="small" color="success" label={`Open till ${when(s.editableUntil)}`} />
    );
  const actions = (s: TSessionSummary) => (
    <Stack direction="row" spacing={1}>
      {s.locked && (
        <Button size="small" variant="contained" onClick={() => doUnlock(s)} disabled={unlock.isPending}>
          Unlock
        </Button>
      )}
      <Button size="small" onClick={() => setHistory(s)}>{`History (${s.edits})`}</Button>
    </Stack>
  );
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 2 }}>
        Attendance sheets
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Section"
          value={sectionId}
          onChange={(e) => setSectionId(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: 240 }}
        >
          {(sections.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="Date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {sections.isError && <Alert severity="error">{sections.error.message}</Alert>}
      {!sectionId && <Alert severity="info">Choose a section and a date to see its sheets.</Alert>}
      {Boolean(sectionId && date) && (
        <DataTable
          label="Attendance sheets"
          columns={[
            {
              key: 'period',
              header: 'Period',
              value: (s) => `P${s.period} ${periodTime(s.period)}`,
              render: (s) => (
                <>
                  {`P${s.period}`}
                  <Typography variant="caption" color="text.secondary" display="block">
                    {periodTime(s.period)}
                  </Typography>
                </>
              ),
            },
            { key: 'subject', header: 'Subject', value: (s) => `${s.subjectCode} ${s.subjectName}` },
            { key: 'facultyName', header: 'Faculty' },
            { key: 'absent', header: 'Absent', align: 'right', value: (s) => `${s.absent}/${s.strength}` },
            { key: 'status', header: 'Status', value: (s) => (s.locked ? 'Locked' : 'Open'), render: status },
          ]}
          {...queryRows(list)}
          rowKey={(s) => s.id}
          rowTestId="sheet-row"
          emptyText="No sheets were marked for this section that day."
          paging={false}
          actions={actions}
        />
      )}
      {history && <HistoryDialog session={history} onClose={() => setHistory(null)} />}
    </Box>
  );
}
