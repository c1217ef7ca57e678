import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Chip, Link, MenuItem, TextField, Typography } from '@mui/material';
import { APPROVAL_KINDS, APPROVAL_LABELS, type TApprovalDecision, type TApprovalKind, type TDecisionItem } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useInbox } from './api';
import { DecideDialog } from './DecideDialog';
import { ddmmyyyy, rupees } from './format';

/** /app/Decisions: everything waiting for the caller's decision across the offices, in one list. */
export function InboxPage() {
  const q = useInbox();
  const [kind, setKind] = useState<TApprovalKind | ''>('');
  const [deciding, setDeciding] = useState<{ item: TDecisionItem; decision: TApprovalDecision['decision'] } | null>(null);
  const counts = q.data?.counts;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 32 }, mb: 1 }}>
        Decisions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Waiting for you across the offices, oldest first. Each is decided as its own office decides it, with your remark.
      </Typography>
      <DataTable
        label="Waiting for your decision"
        columns={[
          {
            key: 'kind',
            header: 'What',
            value: (i) => APPROVAL_LABELS[i.kind],
            render: (i) => <Chip size="small" label={APPROVAL_LABELS[i.kind]} variant="outlined" />,
          },
          {
            key: 'title',
            header: 'For',
            value: (i) => i.title,
            render: (i) => (
              <>
                <Link component={RouterLink} to={i.link}>
                  {i.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {i.detail}
                </Typography>
              </>
            ),
          },
          {
            key: 'amountPaise',
            header: 'Amount',
            align: 'right',
            value: (i) => (i.amountPaise === null ? '' : rupees(i.amountPaise)),
          },
          { key: 'requestedBy', header: 'Asked by', value: (i) => `${i.requestedBy} · ${ddmmyyyy(i.requestedAt)}` },
        ]}
        {...queryRows(q, (d) => d.items.filter((i) => !kind || i.kind === kind))}
        rowKey={(i) => `${i.kind}-${i.id}`}
        rowTestId={(i) => `decision-${i.kind}-${i.id}`}
        emptyText={kind ? `No ${APPROVAL_LABELS[kind].toLowerCase()} waits for you.` : 'Nothing waits for your decision.'}
        search
        searchPlaceholder="Name, roll number, vendor"
        toolbar={
          <TextField
            select
            size="small"
            label="What"
            value={kind}
            onChange={(e) => setKind(e.target.value as TApprovalKind | '')}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Everything{counts ? ` (${q.data!.items.length})` : ''}</MenuItem>
            {APPROVAL_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {APPROVAL_LABELS[k]}
                {counts ? ` (${counts[k]})` : ''}
              </MenuItem>
            ))}
          </TextField>
        }
        actions={(i) => (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              size="small"
              variant="contained"
              onClick={() => setDeciding({ item: i, decision: 'approve' })}
              aria-label={`Approve ${i.title}`}
            >
              Approve
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => setDeciding({ item: i, decision: 'reject' })}
              aria-label={`Reject ${i.title}`}
            >
              Reject
            </Button>
          </Box>
        )}
      />
      <DecideDialog item={deciding?.item ?? null} decision={deciding?.decision ?? 'approve'} onClose={() => setDeciding(null)} />
    </Box>
  );
}
