import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ANONYMOUS_CATEGORIES,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_DESCRIPTION_MAX,
  GRIEVANCE_MAX_ATTACHMENTS,
  ZGrievanceCreate,
  type TGrievanceCategory,
  type TGrievanceCreateInput,
} from '@erp/shared';
import { useToast } from './feedback';

/** A key for one opening of the dialog (getRandomValues works on plain-http LAN installs, randomUUID does not). */
const newSubmissionKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const EMPTY: TGrievanceCreateInput = { category: '' as TGrievanceCategory, subject: '', description: '', anonymous: false };

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  /** the title's element id, which names the dialog */
  titleId: string;
  /** lodges the grievance with its files in one request; the key is the same for every retry of one opening */
  lodge: (body: TGrievanceCreateInput, files: File[], idempotencyKey: string) => Promise<{ id: number; number: string }>;
  onLodged?: (id: number) => void;
  /** offers "keep my name hidden" where the category allows it */
  allowAnonymous?: boolean;
  /** offers attachments (PDF, JPG, PNG) */
  allowFiles?: boolean;
}

/**
 * Lodging a grievance: category, subject, description with a counter and, where offered, anonymity
 * and attachments. A toast gives the new grievance's number.
 */
export function GrievanceLodgeDialog({ open, onClose, title, titleId, lodge, onLodged, allowAnonymous, allowFiles }: Props) {
  const toast = useToast();
  const [submissionKey, setSubmissionKey] = useState(newSubmissionKey);
  const call = useMutation({
    mutationFn: (v: { body: TGrievanceCreateInput; files: File[] }) => lodge(v.body, v.files, submissionKey),
  });
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<TGrievanceCreateInput>({ resolver: zodResolver(ZGrievanceCreate) as never, defaultValues: EMPTY });
  const err = form.formState.errors;
  const category = form.watch('category');
  const description = form.watch('description') ?? '';
  const canBeAnonymous = Boolean(allowAnonymous) && ANONYMOUS_CATEGORIES.includes(category);

  const close = () => {
    form.reset(EMPTY);
    setFiles([]);
    setSubmissionKey(newSubmissionKey());
    call.reset();
    onClose();
  };
  const submit = form.handleSubmit((body) =>
    call.mutate(
      { body: { ...body, anonymous: canBeAnonymous && body.anonymous }, files },
      {
        onSuccess: (g) => {
          toast.success(`Grievance ${g.number} lodged`);
          close();
          onLodged?.(g.id);
        },
      },
    ),
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Controller
              name="category"
              control={form.control}
              render={({ field }) => (
                <TextField select label="Category" {...field} error={!!err.category} helperText={err.category?.message} required>
                  {GRIEVANCE_CATEGORIES.map((c) => (
                    <MenuItem key={c} value={c}>
                      {GRIEVANCE_CATEGORY_LABELS[c] ?? c}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="Subject"
              {...form.register('subject')}
              error={!!err.subject}
              helperText={err.subject?.message}
              required
            />
            <TextField
              label="Description"
              multiline
              minRows={4}
              {...form.register('description')}
              error={!!err.description}
              helperText={err.description?.message ?? `${description.length} / ${GRIEVANCE_DESCRIPTION_MAX}`}
              required
            />
            {canBeAnonymous && (
              <Controller
                name="anonymous"
                control={form.control}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label="Keep my name hidden (only the committee chair can reveal it, and the reveal is recorded)"
                  />
                )}
              />
            )}
            {allowFiles && (
              <div>
                <Button variant="outlined" component="label">
                  Attach files (PDF, JPG, PNG)
                  <input
                    hidden
                    type="file"
                    multiple
                    accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                    data-testid="grievance-files"
                    onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, GRIEVANCE_MAX_ATTACHMENTS))}
                  />
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {files.length ? files.map((f) => f.name).join(', ') : `Up to ${GRIEVANCE_MAX_ATTACHMENTS} files, 5 MB each`}
                </Typography>
              </div>
            )}
            {call.isError && <Alert severity="error">{call.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={call.isPending}>
            Lodge
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
