import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { ACHIEVEMENT_REFERENCE_LINES, MSG, type TAchievementInput, type TAchievementRow } from '@erp/shared';
import { useAlert } from '../../components/feedback';
import { DateField, DeptFacultyPickers, DescriptionField } from './achievement-fields';

const EMPTY = { departmentName: '', facultyName: '', facultyEmail: '', dates: '', description: '' };

/** New Achievement: department, faculty, date and description, all required. */
export function NewAchievementDialog({
  open,
  onClose,
  onSave,
  saving,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (a: TAchievementInput) => Promise<boolean>;
  saving: boolean;
}) {
  const alert = useAlert();
  const [v, setV] = useState(EMPTY);
  useEffect(() => {
    if (open) setV(EMPTY);
  }, [open]);
  const save = async () => {
    if (!v.departmentName || !v.facultyName || !v.dates || !v.description.trim()) {
      await alert({ kind: 'warning', title: MSG.fillInAllFields });
      return;
    }
    if (await onSave(v)) onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-achievement-title">
      <DialogTitle id="new-achievement-title">New Achievement</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DeptFacultyPickers
            department={v.departmentName}
            faculty={v.facultyName}
            onDepartment={(departmentName) => setV((s) => ({ ...s, departmentName }))}
            onFaculty={(facultyName, facultyEmail) => setV((s) => ({ ...s, facultyName, facultyEmail }))}
          />
          <DateField value={v.dates} onChange={(dates) => setV((s) => ({ ...s, dates }))} />
          <DescriptionField value={v.description} onChange={(description) => setV((s) => ({ ...s, description }))} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Search Achievement: department and faculty, both required. */
export function SearchAchievementDialog({
  open,
  onClose,
  onSearch,
}: {
  open: boolean;
  onClose: () => void;
  onSearch: (dept: string, faculty: string) => void;
}) {
  const alert = useAlert();
  const [dept, setDept] = useState('');
  const [faculty, setFaculty] = useState('');
  const search = async () => {
    if (!dept || !faculty) {
      await alert({ kind: 'warning', title: MSG.selectDeptAndFaculty });
      return;
    }
    onSearch(dept, faculty);
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="search-achievement-title">
      <DialogTitle id="search-achievement-title">Search Achievement</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DeptFacultyPickers department={dept} faculty={faculty} onDepartment={setDept} onFaculty={(name) => setFaculty(name)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={search}>
          Search
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Edit Achievement: date and description of one row. */
export function EditAchievementDialog({
  row,
  onClose,
  onSave,
  saving,
}: {
  row: TAchievementRow | null;
  onClose: () => void;
  onSave: (a: TAchievementInput) => Promise<boolean>;
  saving: boolean;
}) {
  const alert = useAlert();
  const [dates, setDates] = useState('');
  const [description, setDescription] = useState('');
  useEffect(() => {
    setDates(row?.dates ?? '');
    setDescription(row?.description ?? '');
  }, [row]);
  const save = async () => {
    if (!row) return;
    if (!dates || !description.trim()) {
      await alert({ kind: 'warning', title: MSG.fillInAllFields });
      return;
    }
    if (await onSave({ ...row, dates, description })) onClose();
  };
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-achievement-title">
      <DialogTitle id="edit-achievement-title">Edit Achievement</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {row?.facultyName} · {row?.departmentName}
          </Typography>
          <DateField value={dates} onChange={setDates} />
          <DescriptionField value={description} onChange={setDescription} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Reference: the full text, up to 70 lines. */
export function ReferenceDialog({ text, onClose }: { text: string | null; onClose: () => void }) {
  const lines = (text ?? '').split(/\r?\n/).slice(0, ACHIEVEMENT_REFERENCE_LINES);
  return (
    <Dialog open={text !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reference-title">
      <DialogTitle id="reference-title">Reference</DialogTitle>
      <DialogContent dividers>
        <Typography
          component="div"
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          data-testid="reference-text"
        >
          {lines.join('\n')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
