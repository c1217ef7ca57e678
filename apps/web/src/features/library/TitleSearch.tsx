import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Chip, InputAdornment, Link, Pagination, Stack, TextField, Typography } from '@mui/material';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { ITEM_TYPE_LABELS, LIBRARY_PATHS, ZTitleSearch, type TItemType, type TTitle } from '@erp/shared';
import { NO_FILTERS, useTitles, type TitleFilters } from './api';
import { QueryState } from '../../components/QueryState';
import { OpacFilters } from './OpacFilters';
import { ResponsiveList } from './ResponsiveList';

const PAGE = 20;

/** The years as typed, checked by the shared schema: the filters to apply, or the messages to show. */
function checkYears(yearFrom: string, yearTo: string): { ok: true } | { ok: false; errors: Record<string, string> } {
  const parsed = ZTitleSearch.safeParse({ yearFrom, yearTo });
  if (parsed.success) return { ok: true };
  return { ok: false, errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };
}

/**
 * Catalogue search (title, author, ISBN, subject, call number) in order of relevance, narrowed by
 * item type, subject, year and copies on the shelf, with availability and shelves. Each title
 * leads to its OPAC page unless `onOpen` opens it in place (the desk's Books page).
 */
export function TitleSearch({
  onOpen,
  publicOpac = false,
  action,
}: {
  onOpen?: (id: number) => void;
  publicOpac?: boolean;
  action?: (t: TTitle) => React.ReactNode;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // Type, subject and "on the shelf" apply at once; years when the search is submitted.
  const [draft, setDraft] = useState<TitleFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<TitleFilters>(NO_FILTERS);
  const [yearErrors, setYearErrors] = useState<Record<string, string>>({});
  const titles = useTitles(q, page, PAGE, publicOpac, filters);
  const total = titles.data?.total ?? 0;
  const apply = (next: TitleFilters) => {
    const years = checkYears(next.yearFrom, next.yearTo);
    setYearErrors(years.ok ? {} : years.errors);
    if (!years.ok) return;
    setFilters(next);
    setPage(1);
  };
  const change = (next: TitleFilters, now: boolean) => {
    setDraft(next);
    if (now) apply({ ...next, yearFrom: filters.yearFrom, yearTo: filters.yearTo });
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
          apply(draft);
          setPage(1);
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            fullWidth
            label="Search title, author, ISBN, subject or call number"
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{
              htmlInput: { 'data-testid': 'opac-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchOutlined />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained">
            Search
          </Button>
        </Box>
        <OpacFilters value={draft} onChange={change} errors={yearErrors} />
      </Box>
      <QueryState spinner query={titles}>
        {titles.data && (
          <>
            {/* The previous page stays on screen while the next loads; the count says which one it is. */}
            <Typography variant="body2" color="text.secondary" data-testid="opac-count" aria-live="polite">
              {titles.isPlaceholderData
                ? 'Searching…'
                : `${total.toLocaleString('en-IN')}${titles.data.capped ? '+' : ''} title${total === 1 ? '' : 's'}${q ? ` for “${q}”` : ''}${
                    filtered ? ' (filtered)' : ''
                  }${q ? ', best matches first' : ''}`}
            </Typography>
            <Box sx={{ opacity: titles.isPlaceholderData ? 0.5 : 1 }} aria-busy={titles.isPlaceholderData}>
              <ResponsiveList
                rows={titles.data.items}
                keyOf={(t) => t.id}
                empty={filtered ? 'No titles match. Try fewer words or clear a filter.' : 'No titles match. Try fewer words.'}
                testId="opac-results"
                columns={[
                  {
                    label: 'Title',
                    render: (t) =>
                      onOpen ? (
                        <Button size="small" onClick={() => onOpen(t.id)} sx={{ textAlign: 'left', textTransform: 'none', p: 0 }}>
                          {t.title}
                        </Button>
                      ) : (
                        <Link
                          component={RouterLink}
                          to={LIBRARY_PATHS.opacTitle(t.id)}
                          sx={{ fontWeight: 700 }}
                          data-testid="opac-title-link"
                        >
                          {t.title}
                        </Link>
                      ),
                  },
                  { label: 'Authors', render: (t) => t.authors },
                  { label: 'Year', render: (t) => t.year ?? '' },
                  { label: 'Call no.', render: (t) => t.callNumber },
                  { label: 'Type', render: (t) => ITEM_TYPE_LABELS[t.itemType as TItemType] ?? t.itemType },
                  { label: 'Availability', render: (t) => <AvailabilityChip title={t} /> },
                  { label: 'Shelf', render: (t) => t.shelfLocations.join(', ') },
                  ...(action ? [{ label: '', render: action }] : []),
                ]}
              />
            </Box>
            {total > PAGE && <Pagination count={Math.ceil(total / PAGE)} page={page} onChange={(_, p) => setPage(p)} />}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** "2 of 3 available, 1 waiting": copies in the collection (not lost or withdrawn), those on the shelf, holds waiting. */
export function AvailabilityChip({ title: t }: { title: TTitle }) {
  return (
    <Chip
      size="small"
      color={t.available ? 'success' : 'default'}
      label={
        t.itemType === 'reference'
          ? `Reference: ${t.available} in library`
          : t.copies === 0
            ? 'No copies'
            : `${t.available} of ${t.copies} available${t.holds ? `, ${t.holds} waiting` : ''}`
      }
    />
  );
}
