import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, InputAdornment, Pagination, Stack, TextField, Typography } from '@mui/material';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { ITEM_TYPE_LABELS, type TItemType, type TTitle } from '@erp/shared';
import { useTitles } from './api';
import { LoadError } from './LoadError';
import { ResponsiveList } from './ResponsiveList';

const PAGE = 20;

/** Catalogue search (title, author, ISBN, subject, call number) with availability and shelves. */
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
  const titles = useTitles(q, page, PAGE, publicOpac);
  const total = titles.data?.total ?? 0;
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
          setPage(1);
        }}
        sx={{ display: 'flex', gap: 1 }}
      >
        <TextField
          fullWidth
          label="Search title, author, ISBN, subject or call number"
          value={text}
          onChange={(e) => setText(e.target.value)}
          inputProps={{ 'data-testid': 'opac-search' }}
          InputProps={{
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Box>
      {titles.isError ? (
        <LoadError error={titles.error} retry={() => titles.refetch()} />
      ) : titles.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : (
        <>
          {/* The previous page stays on screen while the next loads; the count says which one it is. */}
          <Typography variant="body2" color="text.secondary" data-testid="opac-count" aria-live="polite">
            {titles.isPlaceholderData
              ? 'Searching…'
              : `${total.toLocaleString('en-IN')} title${total === 1 ? '' : 's'}${q ? ` for “${q}”` : ''}`}
          </Typography>
          <Box sx={{ opacity: titles.isPlaceholderData ? 0.5 : 1 }} aria-busy={titles.isPlaceholderData}>
          <ResponsiveList
            rows={titles.data.items}
            keyOf={(t) => t.id}
            empty="No titles match. Try fewer words."
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
                    <strong>{t.title}</strong>
                  ),
              },
              { label: 'Authors', render: (t) => t.authors },
              { label: 'Call no.', render: (t) => t.callNumber },
              { label: 'Type', render: (t) => ITEM_TYPE_LABELS[t.itemType as TItemType] ?? t.itemType },
              {
                label: 'Availability',
                render: (t) => (
                  <Chip
                    size="small"
                    color={t.available ? 'success' : 'default'}
                    label={
                      t.itemType === 'reference'
                        ? `Reference: ${t.available} in library`
                        : `${t.available} of ${t.copies} available${t.holds ? `, ${t.holds} waiting` : ''}`
                    }
                  />
                ),
              },
              { label: 'Shelf', render: (t) => t.shelfLocations.join(', ') },
              ...(action ? [{ label: '', render: action }] : []),
            ]}
          />
          </Box>
          {total > PAGE && <Pagination count={Math.ceil(total / PAGE)} page={page} onChange={(_, p) => setPage(p)} />}
        </>
      )}
    </Stack>
  );
}
