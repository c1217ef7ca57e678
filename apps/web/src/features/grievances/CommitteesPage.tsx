import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import {
  GRIEVANCE_CATEGORIES,
  ROLES,
  ZCommitteeSave,
  ZGrievanceSettings,
  type TCommittee,
  type TCommitteeSave,
  type TGrievanceSettings,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { getSessionUser } from '../../lib/session';
import { useCommittees, useGrievanceSettings, useSaveCommittee, useSaveGrievanceSettings } from './api';
import { categoryLabel } from './format';

const POSITIONS = { chair: 'Chair', member: 'Member', student_invitee: 'Student invitee' } as const;
const blankMember = {
  userId: null,
  name: '',
  position: 'member' as const,
  designation: 'Professor',
  gender: 'MALE' as const,
  socialCategory: 'GEN' as const,
};

function CommitteeDialog({ committee, onClose }: { committee: TCommittee | null | 'new'; onClose: () => void }) {
  const toast = useToast();
  const editing = committee && committee !== 'new' ? committee : null;
  const save = useSaveCommittee(editing ? editing.id : null);
  const form = useForm<TCommitteeSave>({
    resolver: zodResolver(ZCommitteeSave) as never,
    values: editing
      ? {
          name: editing.name,
          categories: editing.categories as TCommitteeSave['categories'],
          members: editing.members.map((m) => ({ ...m, userId: m.userId })),
        }
      : { name: '', categories: [], members: [{ ...blankMember, position: 'chair' }] },
  });
  const members = useFieldArray({ control: form.control, name: 'members' });
  const err = form.formState.errors;
  const close = () => (save.reset(), onClose());
  return (
    <Dialog open={committee !== null} onClose={close} fullWidth maxWidth="lg">
      <form
        noValidate
        onSubmit={form.handleSubmit((b) => save.mutate(b, { onSuccess: (c) => (toast.success(`${c.name} saved`), close()) }))}
      >
        <DialogTitle>{editing ? 'Edit committee' : 'New committee'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField label="Name" {...form.register('name')} error={!!err.name} helperText={err.name?.message} required />
          <Controller
            name="categories"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                label="Categories routed here"
                slotProps={{ select: { multiple: true } }}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value as unknown as string[])}
              >
                {GRIEVANCE_CATEGORIES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {categoryLabel(c)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {members.fields.map((f, i) => (
            <Box
              key={f.id}
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1.4fr 1fr 1fr auto' },
                alignItems: 'start',
              }}
            >
              <TextField
                size="small"
                label="Name"
                {...form.register(`members.${i}.name`)}
                error={!!err.members?.[i]?.name}
                helperText={err.members?.[i]?.name?.message}
              />
              <TextField
                size="small"
                select
                label="Position"
                defaultValue={f.position}
                {...form.register(`members.${i}.position`)}
              >
                {Object.entries(POSITIONS).map(([k, v]) => (
                  <MenuItem key={k} value={k}>
                    {v}
                  </MenuItem>
                ))}
              </TextField>
              <TextField size="small" label="Designation" {...form.register(`members.${i}.designation`)} />
              <TextField size="small" select label="Gender" defaultValue={f.gender} {...form.register(`members.${i}.gender`)}>
                <MenuItem value="FEMALE">Woman</MenuItem>
                <MenuItem value="MALE">Man</MenuItem>
                <MenuItem value="OTHER">Other</MenuItem>
              </TextField>
              <TextField
                size="small"
                select
                label="Category"
                defaultValue={f.socialCategory}
                {...form.register(`members.${i}.socialCategory`)}
              >
                {['GEN', 'OBC', 'SC', 'ST'].map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton aria-label={`Remove member ${i + 1}`} onClick={() => members.remove(i)}>
                <Delete />
              </IconButton>
            </Box>
          ))}
          <Button onClick={() => members.append({ ...blankMember })} sx={{ justifySelf: 'start' }}>
            Add member
          </Button>
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SettingsCard({ canEdit }: { canEdit: boolean }) {
  const toast = useToast();
  const q = useGrievanceSettings();
  const save = useSaveGrievanceSettings();
  const form = useForm<TGrievanceSettings>({ resolver: zodResolver(ZGrievanceSettings), values: q.data });
  const err = form.formState.errors;
  if (!q.data || q.isError) return <QueryState query={q} height={80} />;
  const num = { valueAsNumber: true } as const;
  return (
    <Paper
      component="form"
      noValidate
      aria-label="Deadlines"
      onSubmit={form.handleSubmit((b) => save.mutate(b, { onSuccess: () => toast.success('Settings saved') }))}
      sx={{
        p: 2,
        borderRadius: 3,
        mb: 3,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        size="small"
        type="number"
        label="Decision within (working days)"
        disabled={!canEdit}
        {...form.register('decisionWorkingDays', num)}
        error={!!err.decisionWorkingDays}
        helperText={err.decisionWorkingDays?.message}
      />
      <TextField
        size="small"
        type="number"
        label="Appeal within (days)"
        disabled={!canEdit}
        {...form.register('appealDays', num)}
        error={!!err.appealDays}
        helperText={err.appealDays?.message}
      />
      <TextField
        size="small"
        type="number"
        label="Ombudsperson decides within (days)"
        disabled={!canEdit}
        {...form.register('ombudspersonDays', num)}
        error={!!err.ombudspersonDays}
        helperText={err.ombudspersonDays?.message}
      />
      {canEdit && (
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {save.error.message}
        </Alert>
      )}
    </Paper>
  );
}

/** Committees and deadlines: who each category routes to, checked against the regulations' composition. */
export function CommitteesPage() {
  const admin = getSessionUser()!.roles.includes(ROLES.ADMIN);
  const q = useCommittees();
  const [editing, setEditing] = useState<TCommittee | null | 'new'>(null);
  return (
    <Box>
      <Button component={RouterLink} to="/app/grievance-redressal" sx={{ mb: 1 }}>
        ← Grievances
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, flex: 1 }}>
          Committees and deadlines
        </Typography>
        {admin && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New committee
          </Button>
        )}
      </Box>
      <SettingsCard canEdit={admin} />
      <QueryState height={200} query={q}>
        {q.data &&
          (q.data.length === 0 ? (
            <Typography color="text.secondary">No committees: every grievance goes to the grievance incharge.</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              {q.data.map((c) => (
                <Paper key={c.id} sx={{ p: 2, borderRadius: 3 }} data-testid={`committee-${c.id}`}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                    <Typography variant="h6" sx={{ flex: 1 }}>
                      {c.name}
                    </Typography>
                    <Chip
                      size="small"
                      color={c.compliant ? 'success' : 'error'}
                      label={c.compliant ? 'Meets the regulations' : 'Does not meet the regulations'}
                    />
                    {admin && (
                      <Button size="small" onClick={() => setEditing(c)}>
                        Edit
                      </Button>
                    )}
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {c.categories.map(categoryLabel).join(', ') || 'No categories routed here'}
                  </Typography>
                  {c.problems.map((p) => (
                    <Alert key={p} severity="warning" sx={{ mb: 0.5, py: 0 }}>
                      {p}
                    </Alert>
                  ))}
                  {c.members.map((m) => (
                    <Typography key={m.id} variant="body2">
                      {m.name} · {POSITIONS[m.position]} · {m.designation} ·{' '}
                      {m.gender === 'FEMALE' ? 'woman' : m.gender === 'MALE' ? 'man' : 'other'} · {m.socialCategory}
                    </Typography>
                  ))}
                </Paper>
              ))}
            </Box>
          ))}
      </QueryState>
      <CommitteeDialog committee={editing} onClose={() => setEditing(null)} />
    </Box>
  );
}
