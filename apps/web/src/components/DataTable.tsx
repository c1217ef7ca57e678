import { Fragment, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  InputAdornment,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import Refresh from '@mui/icons-material/Refresh';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { NoPermission, isNoPermission } from '../lib/authorization';
import { saveBlob } from '../lib/download';
import { XLSX_TYPE, xlsxBytes } from '../lib/xlsx-lite';

export interface DataColumn<T> {
  /** stable key (also the default field read from the row) */
  key: string;
  header: string;
  /** what the cell shows; default: the row's field `key` */
  render?: (row: T) => ReactNode;
  /** the plain value used for search and export; default: the row's field `key` */
  value?: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right' | 'center';
  /** hide the column in the table below this width (the cards at 390 px still show it) */
  hideBelow?: 'sm' | 'md' | 'lg';
  /** left out of the Excel export (e.g. action buttons) */
  noExport?: boolean;
  nowrap?: boolean;
}

/** Paging done by the server: the page (0-based), the page size, and the total or "is there more". */
export interface ServerPaging {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  total?: number;
  hasMore?: boolean;
  onPageSize?: (size: number) => void;
  pageSizes?: number[];
}

/** A search box whose text the page sends to the server (`q`); the table does no filtering of its own. */
export interface ServerSearch {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  /** the box's accessible name (default "Search") */
  label?: string;
}

export interface DataTableProps<T> {
  /** the table's accessible name, e.g. "Fee transactions" */
  label: string;
  columns: Array<DataColumn<T>>;
  /** undefined while the first answer is awaited */
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading: boolean;
  /** a new page or search is on its way while the last answer is still shown */
  refreshing?: boolean;
  /** a failed call: shown as what happened, with a retry, never as an empty list */
  error?: unknown;
  onRetry?: () => void;
  /** what an empty answer means, e.g. "No Records Found" (shown only when the server answered) */
  emptyText: string;
  /**
   * a search box: `true` filters the rows held (use it only when they are the whole list); an object
   * hands what is typed to the page, which asks the server (see useServerList) so every row is searched
   */
  search?: boolean | ServerSearch;
  searchPlaceholder?: string;
  /** client paging with this page size (default 25), or paging done by the server */
  paging?: number | ServerPaging | false;
  /** offers "Export to Excel" of the rows shown (all rows for client paging) under this file name */
  exportName?: string;
  /** buttons shown at the end of each row (and at the foot of each card) */
  actions?: (row: T) => ReactNode;
  /** above the table, beside the search box */
  toolbar?: ReactNode;
  /** data-testid of each row (table) or card (phone): one name for all, or one per row */
  rowTestId?: string | ((row: T) => string);
  /** a row's title in the card view (default: the first column) */
  cardTitle?: (row: T) => ReactNode;
  /** data-testid of the whole table or card list (default "data-table") */
  testId?: string;
  /** the header of the actions column (default "Actions") */
  actionsHeader?: string;
  /** totals kept below the rows: never searched or paged, shown bold, exported last */
  footerRows?: T[];
  /** what opens beneath a row (across the table, or at the foot of its card); null when closed */
  rowDetail?: (row: T) => ReactNode;
  /** the table scrolls within this height, its header staying in view */
  maxHeight?: number;
  /**
   * how many rows the server holds in all for a list it cut for speed (a `capped` answer's `total`):
   * when more than `rows`, the table says how many it shows and that a search or filter finds the rest
   */
  serverTotal?: number;
}

const field = <T,>(row: T, key: string) => (row as Record<string, unknown>)[key];
const plain = <T,>(c: DataColumn<T>, row: T): string | number | null | undefined => {
  if (c.value) return c.value(row);
  const v = field(row, c.key);
  return typeof v === 'number' || typeof v === 'string' ? v : v == null ? '' : String(v);
};
const shown = <T,>(c: DataColumn<T>, row: T): ReactNode => (c.render ? c.render(row) : (plain(c, row) ?? ''));

/**
 * A TanStack query's state as DataTable's props: its rows (undefined until the first answer),
 * loading, a refresh in flight, the failure and the retry. `pick` takes the rows out of a page.
 */
export function queryRows<D, T = D extends Array<infer R> ? R : never>(
  query: {
    data: D | undefined;
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
    isPlaceholderData?: boolean;
  },
  pick?: (data: D) => T[],
) {
  return {
    rows: query.data === undefined ? undefined : pick ? pick(query.data) : (query.data as unknown as T[]),
    loading: query.isPending,
    refreshing: Boolean(query.isPlaceholderData),
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

/** queryRows for a list the server cut for speed (`{ items, total }`): its rows, and its total for the notice. */
export function cappedQueryRows<T>(query: Parameters<typeof queryRows<{ items: T[]; total: number }, T>>[0]) {
  return { ...queryRows(query, (d) => d.items), serverTotal: query.data?.total };
}

/** The legacy lists' "S.No": a row's place in `rows` (1-based), kept while searching. */
export function serialColumn<T>(rows: T[] | undefined, header = 'S.No'): DataColumn<T> {
  return { key: 'serialNo', header, value: (r) => (rows ? rows.indexOf(r) + 1 : '') };
}

export const errorText = (e: unknown) =>
  e instanceof Error ? e.message : typeof e === 'string' ? e : 'The server did not answer.';

/** The failed call, said plainly, with a retry: distinct from an empty list. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry?: () => void }) {
  if (isNoPermission(error)) return <NoPermission />;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry && (
          <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      Could not load {what}: {errorText(error)}
    </Alert>
  );
}

const count = new Intl.NumberFormat('en-IN');

/** "1,000 of 2,404 shown; search or filter to see the rest": nothing when the whole list is here. */
export function CappedNotice({
  shown,
  total,
  hint = 'search or filter to see the rest',
}: {
  shown: number;
  total: number | undefined;
  hint?: string;
}) {
  if (total === undefined || total <= shown) return null;
  return (
    <Alert severity="info" role="status" data-testid="capped-notice" sx={{ mb: 1 }}>
      {count.format(shown)} of {count.format(total)} shown; {hint}
    </Alert>
  );
}

/**
 * The one list component: search, paging, a loading skeleton (never "0–0 of 0" while loading), a
 * failed call with a retry (never shown as empty), the empty state only when the server said so,
 * cards instead of a table on phones, and an optional Excel export.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, rowKey, loading, error, onRetry, emptyText, actions, exportName, toolbar, rowDetail } = props;
  const phone = useMediaQuery('(max-width:599.95px)');
  const [query, setQuery] = useState('');
  const [clientPage, setClientPage] = useState(0);
  const controlledSearch = typeof props.search === 'object' ? props.search : null;
  const searchValue = controlledSearch ? controlledSearch.value : query;
  const server = typeof props.paging === 'object' && props.paging ? props.paging : null;
  const clientSize = typeof props.paging === 'number' ? props.paging : 25;
  const pagingOn = props.paging !== false;

  const filtered = useMemo(() => {
    if (!rows) return undefined;
    const q = controlledSearch ? '' : query.trim().toLowerCase();
    if (!q) return rows;
    return rows.filter((r) =>
      columns.some((c) =>
        String(plain(c, r) ?? '')
          .toLowerCase()
          .includes(q),
      ),
    );
  }, [rows, columns, query, controlledSearch]);

  const page = server ? server.page : Math.min(clientPage, Math.max(0, Math.ceil((filtered?.length ?? 0) / clientSize) - 1));
  const visible = filtered && !server && pagingOn ? filtered.slice(page * clientSize, (page + 1) * clientSize) : filtered;
  const failed = error != null && error !== false;
  const waiting = loading && !failed;
  const answered = !waiting && !failed && visible !== undefined;

  const exportRows = () => {
    const cols = columns.filter((c) => !c.noExport);
    const data = [...(filtered ?? []), ...(props.footerRows ?? [])].map((r) => cols.map((c) => plain(c, r)));
    saveBlob(
      new Blob(
        [
          xlsxBytes(
            label,
            cols.map((c) => c.header),
            data,
          ) as BlobPart,
        ],
        { type: XLSX_TYPE },
      ),
      `${exportName}.xlsx`,
    );
  };

  const testId = (r: T, fallback?: string) =>
    typeof props.rowTestId === 'function' ? props.rowTestId(r) : (props.rowTestId ?? fallback);
  const hide = (c: DataColumn<T>) => (c.hideBelow ? { display: { xs: 'none', [c.hideBelow]: 'table-cell' } } : {});
  const colSpan = columns.length + (actions ? 1 : 0);
  const footer = answered && visible!.length > 0 ? (props.footerRows ?? []) : [];
  // a plain function, not a component: a component made here would remount its row (and lose focus) on every render
  const tableRow = (r: T) => {
    const detail = rowDetail?.(r);
    return (
      <Fragment key={rowKey(r)}>
        <TableRow hover data-testid={testId(r)}>
          {columns.map((c) => (
            <TableCell key={c.key} align={c.align} sx={{ ...(c.nowrap ? { whiteSpace: 'nowrap' } : {}), ...hide(c) }}>
              {shown(c, r)}
            </TableCell>
          ))}
          {actions && (
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {actions(r)}
            </TableCell>
          )}
        </TableRow>
        {detail != null && (
          <TableRow>
            <TableCell colSpan={colSpan}>{detail}</TableCell>
          </TableRow>
        )}
      </Fragment>
    );
  };

  return (
    <Box data-testid={props.testId ?? 'data-table'} aria-busy={waiting || Boolean(props.refreshing)}>
      {(props.search || exportName || toolbar) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
          {props.search && (
            <TextField
              size="small"
              type="search"
              label={controlledSearch?.label ?? 'Search'}
              placeholder={controlledSearch?.placeholder ?? props.searchPlaceholder ?? 'Type to filter'}
              value={searchValue}
              onChange={(e) => {
                if (controlledSearch) controlledSearch.onChange(e.target.value);
                else {
                  setQuery(e.target.value);
                  setClientPage(0);
                }
              }}
              sx={{ minWidth: { sm: 280 } }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
          <Box sx={{ flexGrow: 1 }}>{toolbar}</Box>
          {exportName && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<FileDownloadOutlined />}
              onClick={exportRows}
              disabled={!filtered || filtered.length === 0}
            >
              Export to Excel
            </Button>
          )}
        </Stack>
      )}

      {failed && <LoadError what={label.toLowerCase()} error={error} onRetry={onRetry} />}
      {!failed && rows && <CappedNotice shown={rows.length} total={props.serverTotal} />}
      {!failed && props.refreshing && !waiting && (
        <LinearProgress aria-label={`Updating ${label.toLowerCase()}`} sx={{ mb: 0.5 }} data-testid="data-table-refreshing" />
      )}

      {!failed && phone && (
        <Stack spacing={1.25} role="list" aria-label={label}>
          {waiting &&
            [0, 1, 2].map((i) => (
              <Card key={i} role="listitem" aria-hidden>
                <CardContent>
                  <Skeleton width="60%" />
                  <Skeleton />
                  <Skeleton width="80%" />
                </CardContent>
              </Card>
            ))}
          {answered &&
            [...visible!, ...footer].map((r) => (
              <Card key={rowKey(r)} role="listitem" data-testid={testId(r, 'data-card')}>
                <CardContent sx={{ p: 1.75, '&:last-child': { pb: 1.75 } }}>
                  <Typography component="p" sx={{ fontWeight: 700, mb: 0.75, overflowWrap: 'anywhere' }}>
                    {props.cardTitle ? props.cardTitle(r) : shown(columns[0]!, r)}
                  </Typography>
                  <Box
                    component="dl"
                    sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, 40%) 1fr', columnGap: 1, rowGap: 0.5 }}
                  >
                    {columns.slice(props.cardTitle ? 0 : 1).map((c) => (
                      <Box key={c.key} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {c.header}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                          {shown(c, r)}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                  {actions && <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions(r)}</Box>}
                  {rowDetail && rowDetail(r) != null && <Box sx={{ mt: 1 }}>{rowDetail(r)}</Box>}
                </CardContent>
              </Card>
            ))}
        </Stack>
      )}

      {!failed && !phone && (
        <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
          <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto', maxHeight: props.maxHeight }}>
            <Table size="small" aria-label={label} stickyHeader={props.maxHeight !== undefined}>
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={{ fontWeight: 700, whiteSpace: 'nowrap', ...hide(c) }}>
                      {c.header}
                    </TableCell>
                  ))}
                  {actions && <TableCell align="right">{props.actionsHeader ?? 'Actions'}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {waiting &&
                  [0, 1, 2, 3, 4].map((i) => (
                    <TableRow key={i} aria-hidden data-testid="skeleton-row">
                      {columns.map((c) => (
                        <TableCell key={c.key} sx={hide(c)}>
                          <Skeleton />
                        </TableCell>
                      ))}
                      {actions && (
                        <TableCell>
                          <Skeleton />
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                {answered && visible!.map(tableRow)}
                {answered && visible!.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={colSpan} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                      {emptyText}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
              {footer.length > 0 && (
                <TableFooter sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                  {footer.map(tableRow)}
                </TableFooter>
              )}
            </Table>
          </TableContainer>
        </Paper>
      )}

      {!failed && phone && answered && visible!.length === 0 && (
        <Typography sx={{ py: 2, textAlign: 'center', color: 'text.secondary' }}>{emptyText}</Typography>
      )}

      {pagingOn && answered && (
        <Pager
          server={server}
          count={server ? server.total : (filtered?.length ?? 0)}
          page={page}
          pageSize={server ? server.pageSize : clientSize}
          onPage={server ? server.onPage : setClientPage}
          shownCount={visible!.length}
        />
      )}
      {pagingOn && waiting && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1.5, textAlign: 'right' }} role="status">
          Loading…
        </Typography>
      )}
    </Box>
  );
}

function Pager({
  server,
  count,
  page,
  pageSize,
  onPage,
  shownCount,
}: {
  server: ServerPaging | null;
  count: number | undefined;
  page: number;
  pageSize: number;
  onPage: (p: number) => void;
  shownCount: number;
}) {
  if (count === undefined) {
    // the server says only whether there is a next page
    const from = page * pageSize + (shownCount ? 1 : 0);
    return (
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {shownCount ? `${from}–${page * pageSize + shownCount}` : ''}
        </Typography>
        <Button size="small" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="small" disabled={!server?.hasMore} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Stack>
    );
  }
  if (count === 0) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_e, p) => onPage(p)}
      rowsPerPage={pageSize}
      onRowsPerPageChange={server?.onPageSize ? (e) => server.onPageSize!(Number(e.target.value)) : undefined}
      rowsPerPageOptions={server?.onPageSize ? (server.pageSizes ?? [10, 25, 50, 100]) : [pageSize]}
    />
  );
}
