import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';

export interface GridCell {
  key: string | number;
  content?: ReactNode;
  /** how many columns the cell spans (a lab across its periods) */
  span?: number;
  align?: 'left' | 'center' | 'right';
  /** the row's header (a `th` for its row), e.g. the day or the field's name */
  rowHeader?: boolean;
  sx?: SxProps<Theme>;
  testId?: string;
}

export interface GridRow {
  key: string | number;
  cells: GridCell[];
  sx?: SxProps<Theme>;
  testId?: string;
  /** data-* attributes of the row, e.g. { 'data-status': 'fail' } */
  data?: Record<`data-${string}`, string>;
}

const cell = (c: GridCell, head: boolean) => (
  <TableCell
    key={c.key}
    component={head ? 'th' : c.rowHeader ? 'th' : 'td'}
    scope={head ? 'col' : c.rowHeader ? 'row' : undefined}
    colSpan={c.span}
    align={c.align}
    sx={c.sx}
    data-testid={c.testId}
  >
    {c.content}
  </TableCell>
);

/**
 * A fixed grid, not a list: days × periods, COs × outcomes, students × questions (cells that are
 * inputs or span columns), or a document's rows (a verified document's fields, a result memo). It
 * has no search, paging, loading or empty state and no cards on a phone: it scrolls sideways.
 * A list of records is a DataTable.
 */
export function GridTable(props: {
  /** the table's accessible name */
  label: string;
  /** the header row's cells; none for a table of labelled rows */
  head?: GridCell[];
  rows: GridRow[];
  /** keeps the first column in view while the grid scrolls sideways */
  stickyFirst?: boolean;
  /** the grid scrolls within this height, its header staying in view */
  maxHeight?: number;
  /** the table's own styles (e.g. a minimum width, fixed layout, cell padding) */
  sx?: SxProps<Theme>;
  /** the header row's styles */
  headSx?: SxProps<Theme>;
  testId?: string;
}) {
  const sticky = props.stickyFirst
    ? { '& tr > :first-of-type': { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }, '& thead tr > :first-of-type': { zIndex: 3 } }
    : {};
  return (
    <TableContainer sx={{ overflowX: 'auto', maxHeight: props.maxHeight }} data-testid={props.testId}>
      <Table
        size="small"
        aria-label={props.label}
        stickyHeader={props.maxHeight !== undefined}
        sx={[sticky, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
      >
        {props.head && (
          <TableHead>
            <TableRow sx={props.headSx}>{props.head.map((c) => cell(c, true))}</TableRow>
          </TableHead>
        )}
        <TableBody>
          {props.rows.map((r) => (
            <TableRow key={r.key} sx={r.sx} data-testid={r.testId} {...r.data}>
              {r.cells.map((c) => cell(c, false))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
