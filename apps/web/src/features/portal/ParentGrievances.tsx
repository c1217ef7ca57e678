import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { GRIEVANCE_CATEGORY_LABELS, type TGrievanceCategory } from '@erp/shared';
import { GrievanceLodgeDialog } from '../../components/GrievanceLodgeDialog';
import { formatDateTime } from '../../lib/format';
import { useGrievance, useGrievanceComment, useLodgeGrievance, useMyGrievances } from './api';
import { QueryState } from '../../components/QueryState';
import { dmy } from './format';
import { grievanceStatusColour, grievanceStatusLabel } from './HomePanels';

const categoryLabel = (c: string) => GRIEVANCE_CATEGORY_LABELS[c as TGrievanceCategory] ?? c;

/** One grievance: its status, the committee's decision and the comment thread (never the internal notes). */
function GrievanceDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const g = useGrievance(id);
  const comment = useGrievanceComment(id ?? 0);
  const [body, setBody] = useState('');
  const d = g.data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="parent-grievance-title"
    >
      <DialogTitle id="parent-grievance-title">{d ? `${d.number} · ${d.subject}` : 'Grievance'}</DialogTitle>
      <DialogContent>
        <QueryState query={g}>
          {d && (
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
                <Chip
                  color={grievanceStatusColour(d.status)}
                  label={grievanceStatusLabel(d.status)}
                  data-testid="grievance-status"
                />
                <Typography variant="body2" color="text.secondary">
                  {categoryLabel(d.category)} · lodged {dmy(d.lodgedOn)} · decision due {dmy(d.dueOn)}
                  {d.student ? ` · about ${d.student.name}` : ''}
                </Typography>
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{d.description}</Typography>
              {d.decision && <Alert severity={d.status === 'rejected' ? 'warning' : 'success'}>{d.decision}</Alert>}
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  Comments
                </Typography>
                {d.comments.length === 0 ? (
                  <Typography color="text.secondary">No comments yet.</Typography>
                ) : (
                  <Stack spacing={1} data-testid="grievance-thread">
                    {d.comments.map((c) => (
                      <Box key={c.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }} data-testid="grievance-comment">
                        <Typography variant="body2" color="text.secondary">
                          {c.author} · {formatDateTime(c.createdAt)}
                        </Typography>
                        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.body}</Typography>
                      </Box>
                    ))}
                  </Stack>
                )}
              </Box>
              {d.can.comment && (
                <Box
                  component="form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    comment.mutate({ body }, { onSuccess: () => setBody('') });
                  }}
                >
                  <TextField
                    label="Add a comment"
                    fullWidth
                    multiline
                    minRows={2}
                    value={body}
                    onChange={(e) => setBody(e.target.value)}
                    error={comment.isError}
                    helperText={comment.isError ? comment.error.message : undefined}
                  />
                  <Button
                    type="submit"
                    variant="outlined"
                    size="small"
                    sx={{ mt: 1 }}
                    disabled={comment.isPending || !body.trim()}
                  >
                    Send
                  </Button>
                </Box>
              )}
            </Stack>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The parent's grievances about one child, and the way to lodge another. */
export function ParentGrievances({ child }: { child: { studentId: number; name: string } }) {
  const list = useMyGrievances(false);
  const lodge = useLodgeGrievance();
  const [lodging, setLodging] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const items = (list.data?.items ?? []).filter((g) => g.student?.id === child.studentId);
  return (
    <Stack spacing={2} data-testid="parent-grievances">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
        <Typography color="text.secondary">
          The college’s grievance committee answers within the period the UGC regulations set. You see each status and the
          committee’s comments.
        </Typography>
        <Button variant="contained" onClick={() => setLodging(true)} sx={{ flexShrink: 0 }}>
          Lodge a grievance
        </Button>
      </Stack>
      <QueryState query={list}>
        {items.length === 0 ? (
          <Typography color="text.secondary">No grievances lodged about {child.name}.</Typography>
        ) : (
          <Stack spacing={1}>
            {items.map((g) => (
              <Card key={g.id} variant="outlined" data-testid="parent-grievance">
                <CardActionArea onClick={() => setOpenId(g.id)}>
                  <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                    <Stack
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={1}
                      justifyContent="space-between"
                      alignItems={{ sm: 'center' }}
                    >
                      <Box sx={{ minWidth: 0 }}>
                        <Typography fontWeight={600}>{g.subject}</Typography>
                        <Typography variant="body2" color={g.overdue ? 'error' : 'text.secondary'}>
                          {g.number} · {categoryLabel(g.category)} · lodged {dmy(g.lodgedOn)}
                          {g.overdue ? ' · overdue' : ''}
                        </Typography>
                      </Box>
                      <Chip
                        size="small"
                        color={grievanceStatusColour(g.status)}
                        label={grievanceStatusLabel(g.status)}
                        sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                      />
                    </Stack>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
      <GrievanceLodgeDialog
        open={lodging}
        onClose={() => setLodging(false)}
        title={`Lodge a grievance about ${child.name}`}
        titleId="parent-lodge-title"
        lodge={(body, _files, idempotencyKey) => lodge.mutateAsync({ body: { ...body, studentId: child.studentId }, idempotencyKey })}
      />
      <GrievanceDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
