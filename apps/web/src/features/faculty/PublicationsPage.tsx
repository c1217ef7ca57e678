import { useState } from 'react';
import { Box, Button, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { MSG } from '@erp/shared';
import { DataTable, queryRows, serialColumn } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useDeleteRecord, useRecords, useSaveRecord } from './api';
import { RecordDialog } from './RecordDialog';
import { RECORDS, type AnyRecordRow, type RecordDef } from './records';
import { RowActions } from './RowActions';

function RecordTable({ def }: { def: RecordDef }) {
  const rows = useRecords(def.kind);
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
      <DataTable
        label={def.tab}
        columns={[
          serialColumn(rows.data),
          ...def.columns.map((c) => ({
            key: c.label,
            header: c.label,
            value: (r: AnyRecordRow) => c.value(r as unknown as Record<string, unknown>),
          })),
        ]}
        {...queryRows(rows)}
        rowKey={(r) => r.id}
        emptyText={MSG.noRecordsFound}
        actionsHeader="Action"
        actions={(r) => (
          <RowActions
            onEdit={() => setEditing({ id: r.id, values: { ...(r as unknown as Record<string, unknown>) } })}
            onDelete={() => remove(r)}
          />
        )}
        cardTitle={(r) => def.columns[0]?.value(r as unknown as Record<string, unknown>)}
      />
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
