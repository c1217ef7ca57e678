import { IconButton, Tooltip } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';

/** An editable row's actions: edit and delete. */
export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Tooltip title="Edit">
        <IconButton aria-label="Edit" onClick={onEdit}>
          <Edit />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label="Delete" color="error" onClick={onDelete}>
          <Delete />
        </IconButton>
      </Tooltip>
    </>
  );
}
