import { MenuItem, TextField } from '@mui/material';
import { ACHIEVEMENT_DESCRIPTION_MAX } from '@erp/shared';
import { useDepartments, useFacultyNames } from './api';

/** Department and faculty dropdowns; changing the department clears the faculty. */
export function DeptFacultyPickers(props: {
  department: string;
  faculty: string;
  onDepartment: (d: string) => void;
  onFaculty: (name: string, email: string) => void;
}) {
  const departments = useDepartments();
  const names = useFacultyNames(props.department);
  return (
    <>
      <TextField
        select
        label="Department"
        required
        fullWidth
        value={props.department}
        onChange={(e) => {
          props.onDepartment(e.target.value);
          props.onFaculty('', '');
        }}
      >
        {(departments.data ?? []).map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Faculty"
        required
        fullWidth
        disabled={!props.department}
        value={props.faculty}
        onChange={(e) => {
          const hit = names.data?.find((n) => n.facultyName === e.target.value);
          props.onFaculty(e.target.value, hit?.facultyEmail ?? '');
        }}
      >
        {(names.data ?? []).map((n) => (
          <MenuItem key={n.facultyEmail} value={n.facultyName}>
            {n.facultyName}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

export function DateField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <TextField
      label="Date"
      type="date"
      required
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** Description, at most 500 characters, with a live counter. */
export function DescriptionField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <TextField
      label="Description"
      required
      fullWidth
      multiline
      minRows={4}
      value={value}
      onChange={(e) => onChange(e.target.value.slice(0, ACHIEVEMENT_DESCRIPTION_MAX))}
      slotProps={{ htmlInput: { maxLength: ACHIEVEMENT_DESCRIPTION_MAX }, formHelperText: { sx: { textAlign: 'right' } } }}
      helperText={<span data-testid="description-counter">{`${value.length}/${ACHIEVEMENT_DESCRIPTION_MAX}`}</span>}
    />
  );
}
