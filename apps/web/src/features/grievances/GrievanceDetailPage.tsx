import { Link as RouterLink, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ZGrievanceAppeal,
  ZGrievanceAppealDecision,
  ZGrievanceComment,
  ZGrievanceStatusChange,
  type TGrievanceDetail,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { openAttachment, useAppeal, useChangeStatus, useComment, useDecideAppeal, useGrievance, useReveal } from './api';
import { categoryLabel, ddmmyyyy, statusColor, statusLabel } from './format';

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

function StatusForm({ g }: { g: TGrievanceDetail }) {
  const toast = useToast();
  const change = useChangeStatus(g.id);
  type F = z.input<typeof ZGrievanceStatusChange>;
  const form = useForm<F>({
    resolver: zodResolver(ZGrievanceStatusChange) as never,
    defaultValues: { status: g.nextStatuses[0] as F['status'], reason: '' },
  });
  const err = form.formState.errors;
  const submit = form.handleSubmit((v) =>
    change.mutate(
      { status: v.status, reason: v.reason ?? '' },
      {
        onSuccess: (n) => (
          toast.success(`Marked ${statusLabel(n.status).toLowerCase()}`),
          form.reset({ status: n.nextStatuses[0] as F['status'], reason: '' })
        ),
      },
    ),
  );
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Change status"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '200px 1fr auto' }, alignItems: 'start' }}
    >
      <TextField
        select
        size="small"
        label="New status"
        defaultValue={g.nextStatuses[0]}
        {...form.register('status')}
        error={!!err.status}
        helperText={err.status?.message}
      >
        {g.nextStatuses.map((s) => (
          <MenuItem key={s} value={s}>
            {statusLabel(s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Reason / resolution"
        {...form.register('reason')}
        error={!!err.reason}
        helperText={err.reason?.message ?? 'Required to resolve or reject'}
      />
      <Button type="submit" variant="contained" disabled={change.isPending}>
        Update
      </Button>
      {change.isError && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {change.error.message}
        </Alert>
      )}
    </Box>
  );
}

function CommentForm({ g }: { g: TGrievanceDetail }) {
  const post = useComment(g.id);
  type F = z.input<typeof ZGrievanceComment>;
  const form = useForm<F>({ resolver: zodResolver(ZGrievanceComment) as never, defaultValues: { body: '', internal: false } });
  const err = form.formState.errors;
  const submit = form.handleSubmit((v) =>
    post.mutate({ body: v.body, internal: !!v.internal }, { onSuccess: () => form.reset({ body: '', internal: false }) }),
  );
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Add a comment" sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label="Comment"
        multiline
        minRows={2}
        {...form.register('body')}
        error={!!err.body}
        helperText={err.body?.message}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {g.can.internalNotes && (
          <FormControlLabel
            control={<Checkbox {...form.register('internal')} />}
            label="Internal note (not shown to the complainant)"
          />
        )}
        <Box sx={{ flex: 1 }} />
        <Button type="submit" variant="outlined" disabled={post.isPending}>
          Post
        </Button>
      </Box>
      {post.isError && <Alert severity="error">{post.error.message}</Alert>}
    </Box>
  );
}

function AppealForm({ g }: { g: TGrievanceDetail }) {
  const appeal = useAppeal(g.id);
  const form = useForm<{ reason: string }>({ resolver: zodResolver(ZGrievanceAppeal), defaultValues: { reason: '' } });
  const err = form.formState.errors;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Appeal"
      onSubmit={form.handleSubmit((v) => appeal.mutate(v))}
      sx={{ display: 'grid', gap: 1 }}
    >
      <Typography>You may appeal this decision to the ombudsperson until {ddmmyyyy(g.appealOpenUntil)}.</Typography>
      <TextField
        label="Grounds of appeal"
        multiline
        minRows={2}
        {...form.register('reason')}
        error={!!err.reason}
        helperText={err.reason?.message}
      />
      <Button type="submit" variant="contained" color="secondary" sx={{ justifySelf: 'start' }} disabled={appeal.isPending}>
        Appeal to the ombudsperson
      </Button>
      {appeal.isError && <Alert severity="error">{appeal.error.message}</Alert>}
    </Box>
  );
}

function AppealDecisionForm({ g }: { g: TGrievanceDetail }) {
  const decide = useDecideAppeal(g.id);
  type F = z.input<typeof ZGrievanceAppealDecision>;
  const form = useForm<F>({
    resolver: zodResolver(ZGrievanceAppealDecision),
    defaultValues: { outcome: 'upheld', decision: '' },
  });
  const err = form.formState.errors;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Decide the appeal"
      onSubmit={form.handleSubmit((v) => decide.mutate(v))}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '180px 1fr auto' } }}
    >
      <TextField select size="small" label="Outcome" defaultValue="upheld" {...form.register('outcome')}>
        <MenuItem value="upheld">Upheld</MenuItem>
        <MenuItem value="dismissed">Dismissed</MenuItem>
      </TextField>
      <TextField
        size="small"
        label="Decision"
        {...form.register('decision')}
        error={!!err.decision}
        helperText={err.decision?.message}
      />
      <Button type="submit" variant="contained" disabled={decide.isPending}>
        Decide
      </Button>
      {decide.isError && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {decide.error.message}
        </Alert>
      )}
    </Box>
  );
}

/** One grievance: details, the thread, and what the caller's role may do with it. */
export function GrievanceDetailPage() {
  const id = Number(useParams().id);
  const toast = useToast();
  const q = useGrievance(id);
  const reveal = useReveal(id);
  if (q.isPending || q.isError) return <QueryState query={q} height={300} />;
  const g = q.data;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button component={RouterLink} to="/app/grievance-redressal" sx={{ mb: 1 }}>
        ← All grievances
      </Button>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {g.subject}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} data-testid="grievance-status">
        <Chip label={statusLabel(g.status)} color={statusColor(g.status)} />
        {g.overdue && <Chip label="Overdue" color="error" variant="outlined" />}
        {g.escalated && <Chip label="Escalated to the principal" variant="outlined" />}
        {g.appealStatus && <Chip label={`Appeal ${g.appealStatus}`} color="secondary" variant="outlined" />}
      </Box>
      <Paper sx={{ p: 2, borderRadius: 3, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2 }}>
          <Field label="Number">{g.number}</Field>
          <Field label="Category">{categoryLabel(g.category)}</Field>
          <Field label="Lodged on">{ddmmyyyy(g.lodgedOn)}</Field>
          <Field label="Decision due">{ddmmyyyy(g.dueOn)}</Field>
          <Field label="Complainant">{g.complainant ?? (g.anonymous ? 'Anonymous' : '—')}</Field>
          {g.student && <Field label="About the student">{`${g.student.name} (${g.student.rollNo})`}</Field>}
          <Field label="Handled by">{g.committee ?? 'Grievance cell'}</Field>
          {g.identityRevealedBy && (
            <Field label="Identity revealed">
              by {g.identityRevealedBy} on {ddmmyyyy(g.identityRevealedAt)}
            </Field>
          )}
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{g.description}</Typography>
        {g.attachments.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            {g.attachments.map((a) => (
              <Chip
                key={a.id}
                label={a.fileName}
                onClick={() => openAttachment(g.id, a.id).catch((e: Error) => toast.error(e.message))}
                variant="outlined"
              />
            ))}
          </Box>
        )}
        {g.can.reveal && !g.complainant && (
          <Button
            sx={{ mt: 2 }}
            color="warning"
            variant="outlined"
            disabled={reveal.isPending}
            onClick={() => reveal.mutate(undefined, { onError: (e) => toast.error(e.message) })}
          >
            Reveal the complainant (recorded)
          </Button>
        )}
      </Paper>

      {g.decision && (
        <Alert severity={g.status === 'resolved' ? 'success' : 'warning'} sx={{ mb: 2 }}>
          <strong>Decision ({ddmmyyyy(g.decidedAt)}):</strong> {g.decision}
        </Alert>
      )}
      {g.appealStatus && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <strong>Appeal</strong> lodged {ddmmyyyy(g.appealedAt)}, to be decided by {ddmmyyyy(g.appealDueOn)}: {g.appealReason}
          {g.appealDecision && (
            <>
              <br />
              <strong>Ombudsperson ({g.appealStatus}):</strong> {g.appealDecision}
            </>
          )}
        </Alert>
      )}

      {g.can.act && g.nextStatuses.length > 0 && (
        <Paper sx={{ p: 2, borderRadius: 3, mb: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            Act
          </Typography>
          <StatusForm key={g.status} g={g} />
        </Paper>
      )}
      {g.can.appeal && (
        <Paper sx={{ p: 2, borderRadius: 3, mb: 2 }}>
          <AppealForm g={g} />
        </Paper>
      )}
      {g.can.decideAppeal && (
        <Paper sx={{ p: 2, borderRadius: 3, mb: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            Decide the appeal
          </Typography>
          <AppealDecisionForm g={g} />
        </Paper>
      )}

      <Paper sx={{ p: 2, borderRadius: 3 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          Thread
        </Typography>
        <Stack divider={<Divider flexItem />} spacing={1.5} sx={{ mb: 2 }} data-testid="grievance-thread">
          {g.comments.length === 0 && <Typography color="text.secondary">No comments yet.</Typography>}
          {g.comments.map((c) => (
            <Box key={c.id} sx={c.internal ? { bgcolor: 'warning.light', p: 1, borderRadius: 1 } : undefined}>
              <Typography variant="caption" color="text.secondary">
                {c.author} · {ddmmyyyy(c.createdAt)}
                {c.internal ? ' · internal note' : ''}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.body}</Typography>
            </Box>
          ))}
        </Stack>
        {g.can.comment && <CommentForm g={g} />}
      </Paper>
    </Box>
  );
}
