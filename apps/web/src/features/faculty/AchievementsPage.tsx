import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { MSG, displayDate, type TAchievementInput, type TAchievementRow } from '@erp/shared';
import { DataTable, serialColumn } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { searchAchievements, useDeleteAchievement, useSaveAchievement } from './api';
import { EditAchievementDialog, NewAchievementDialog, ReferenceDialog, SearchAchievementDialog } from './AchievementDialogs';
import { RowActions } from './RowActions';

const SHORT = 80;

/** /app/Faculty/Achievements: the manager page (a HoD sees their department, a faculty member themselves). */
export function AchievementsPage() {
  const toast = useToast();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<'new' | 'search' | null>(null);
  const [editing, setEditing] = useState<TAchievementRow | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [rows, setRows] = useState<TAchievementRow[] | null>(null);
  const [query, setQuery] = useState<{ dept: string; faculty: string } | null>(null);

  const saveOne = useSaveAchievement();
  const deleteOne = useDeleteAchievement();
  const runSearch = async (dept: string, faculty: string) => {
    setQuery({ dept, faculty });
    try {
      setRows(await searchAchievements(dept, faculty));
    } catch (e) {
      setRows(null);
      toast.error(e instanceof ApiError ? e.message : String(e));
    }
  };
  const clearTable = () => {
    setRows(null);
    setQuery(null);
  };

  const save = async (a: TAchievementInput, editing: boolean) => {
    try {
      const res = await saveOne.mutateAsync(a);
      toast.success(editing ? MSG.achievementEdited : res.message || MSG.achievementSaved);
      if (editing) clearTable();
      else if (query && query.dept === a.departmentName && query.faculty === a.facultyName)
        await runSearch(query.dept, query.faculty);
      return true;
    } catch (e) {
      const reason = e instanceof ApiError && e.status < 500 ? ` ${e.message}` : '';
      toast.error(`${MSG.achievementSaveFailed}${reason}`);
      return false;
    }
  };

  const remove = async (row: TAchievementRow) => {
    if (!(await confirm({ title: MSG.deleteConfirm, confirmText: MSG.yesDelete, cancelText: MSG.cancel }))) return;
    try {
      toast.success((await deleteOne.mutateAsync(row)).message || MSG.achievementDeleted);
      clearTable();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : MSG.unableToDelete);
    }
  };

  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h1">
            Faculty Achievements
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog('new')}>
              New
            </Button>
            <Button variant="outlined" startIcon={<Search />} onClick={() => setDialog('search')}>
              Search
            </Button>
          </Box>
        </Box>
        {query && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {query.faculty} · {query.dept}
          </Typography>
        )}
        {rows === null ? (
          <Alert severity="info">Use Search to list a faculty member's achievements, or New to add one.</Alert>
        ) : (
          <DataTable
            label="Achievements"
            columns={[
              serialColumn(rows),
              { key: 'departmentName', header: 'Department' },
              { key: 'facultyName', header: 'Faculty' },
              { key: 'dates', header: 'Date', value: (r) => displayDate(r.dates), nowrap: true },
              {
                key: 'description',
                header: 'Description',
                render: (r) => (
                  <Box component="span" sx={{ display: 'block', minWidth: { sm: 200 }, wordBreak: 'break-word' }}>
                    {r.description.length > SHORT ? `${r.description.slice(0, SHORT)}… ` : `${r.description} `}
                    <Link component="button" variant="body2" onClick={() => setReference(r.description)}>
                      Reference
                    </Link>
                  </Box>
                ),
              },
            ]}
            rows={rows}
            rowKey={(r) => r.id}
            loading={false}
            emptyText={MSG.noRecordsFound}
            actionsHeader="Action"
            actions={(r) => <RowActions onEdit={() => setEditing(r)} onDelete={() => remove(r)} />}
            cardTitle={(r) => `${r.facultyName} · ${displayDate(r.dates)}`}
          />
        )}
      </CardContent>
      <NewAchievementDialog
        open={dialog === 'new'}
        onClose={() => setDialog(null)}
        onSave={(a) => save(a, false)}
        saving={saveOne.isPending}
      />
      <SearchAchievementDialog open={dialog === 'search'} onClose={() => setDialog(null)} onSearch={runSearch} />
      <EditAchievementDialog
        row={editing}
        onClose={() => setEditing(null)}
        onSave={(a) => save(a, true)}
        saving={saveOne.isPending}
      />
      <ReferenceDialog text={reference} onClose={() => setReference(null)} />
    </Card>
  );
}
