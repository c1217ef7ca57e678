import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { MSG } from '@erp/shared';
import { useConfirm, useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useDeleteRecord, useRecords, useSaveRecord } from './api';
import { RecordDialog } from './RecordDialog';
import { RECORDS, type AnyRecordRow, type RecordDef } from './records';
import { RowActions } from './RowActions';

function RecordTable({ def }: { def: RecordDef }) {
  const rows = useRecords<AnyRecordRow>(def.kind);
  const toast = useToast();
  const confirm = useConfirm();
  const saveOne = useSaveRecord(def.kind);
  const deleteOne = useDeleteRecord(def.kind);
  const [editing, setEditing] = useState<{ id: number | null; values: Record<string, unknown> } | null>(null);

  const fail = (e: unknown, fallback: string) => toast.error(e instanceof ApiError ? e.message : fallback);

  const save = async (values: unknown) => {
    try {
      const res = await saveOne.mutateAsync({ id: editing?.id ?? null, values });
      toast.success(res.message);
      return true;
    } catch (e) {
      fail(e, MSG.invalidData);
      return false;
    }
  };
  const remove = async (row: AnyRecordRow) => {
    if (!(await confirm({ title: MSG.deleteConfirm, confirmText: MSG.yesDelete, cancelText: MSG.cancel }))) return;
    try {
      toast.success((await deleteOne.mutateAsync(row.id)).message);
    } catch (e) {
      fail(e, MSG.unableToDelete);
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ id: null, values: { ...def.empty } })}>
          {`Add ${def.singular}`}
        </Button>
      </Box>
      {rows.isLoading ? (
        <CircularProgress aria-label="Loading" />
      ) : rows.isError ? (
        <Alert severity="error">{rows.error instanceof ApiError ? rows.error.message : MSG.noRecordsFound}</Alert>
      ) : !rows.data?.length ? (
        <Alert severity="info">{MSG.noRecordsFound}</Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={def.tab}>
            <TableHead>
              <TableRow>
                <TableCell>S.No</TableCell>
                {def.columns.map((c) => (
                  <TableCell key={c.label}>{c.label}</TableCell>
                ))}
                <TableCell>Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.data.map((r, i) => (
                <TableRow key={r.id}>
                  <TableCell>{i + 1}</TableCell>
                  {def.columns.map((c) => (
                    <TableCell key={c.label} sx={{ wordBreak: 'break-word' }}>
                      {c.value(r as unknown as Record<string, unknown>)}
                    </TableCell>
                  ))}
                  <RowActions
                    onEdit={() => setEditing({ id: r.id, values: { ...(r as unknown as Record<string, unknown>) } })}
                    onDelete={() => remove(r)}
                  />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <RecordDialog
        def={def}
        initial={editing?.values ?? null}
        editing={Boolean(editing?.id)}
        onClose={() => setEditing(null)}
        onSave={save}
        saving={saveOne.isPending}
      />
    </Box>
  );
}

/** /app/Faculty/Publications: the signed-in faculty member's publications, MoUs and awards (the dashboard counts come from these). */
export function PublicationsPage() {
  const [tab, setTab] = useState(0);
  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          My Publications, MoUs and Awards
        </Typography>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          {RECORDS.map((d) => (
            <Tab key={d.kind} label={d.tab} />
          ))}
        </Tabs>
        <RecordTable key={RECORDS[tab].kind} def={RECORDS[tab]} />
      </CardContent>
    </Card>
  );
}
