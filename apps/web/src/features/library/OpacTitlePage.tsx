import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { ITEM_TYPE_LABELS, LIBRARY_PATHS, ROLES, type TItemType, type TOpacTitle } from '@erp/shared';
import { PublicShell, useDocumentTitle } from '../../components/common';
import { QueryState } from '../../components/QueryState';
import { signInPathFor } from '../../lib/return-to';
import { getSessionUser } from '../../lib/session';
import { usePlaceHold, useOpacTitle } from './api';
import { dmy } from './format';
import { ResponsiveList } from './ResponsiveList';
import { StatusChip } from './StatusChip';
import { AvailabilityChip } from './TitleSearch';

/** Who may hold a title for themselves (the desk holds for anyone). */
const SELF_HOLD_ROLES: string[] = [ROLES.STUDENT, ROLES.FACULTY, ROLES.HOD];

const DETAILS: Array<[label: string, value: (t: TOpacTitle) => string | number | null]> = [
  ['Authors', (t) => t.authors],
  ['Publisher', (t) => t.publisher],
  ['Year', (t) => t.year],
  ['Edition', (t) => t.edition],
  ['ISBN', (t) => t.isbn],
  ['Subjects', (t) => t.subjects],
  ['Call number', (t) => t.callNumber],
  ['Language', (t) => t.language],
  ['Pages', (t) => t.pages],
  ['Type', (t) => ITEM_TYPE_LABELS[t.itemType as TItemType] ?? t.itemType],
];

/** The public OPAC's page of one title: every field, the copies and where they are, and a hold for a signed-in patron. */
export function OpacTitlePage() {
  const id = Number(useParams().id);
  const title = useOpacTitle(id);
  const t = title.data;
  useDocumentTitle(t?.title ?? 'Library catalogue');
  return (
    <PublicShell maxWidth="lg">
      <Button component={RouterLink} to={LIBRARY_PATHS.opac} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        Library catalogue
      </Button>
      <QueryState spinner query={title}>
        {t && (
          <Stack spacing={3}>
            <Box>
              <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, overflowWrap: 'anywhere' }}>
                {t.title}
              </Typography>
              {t.subtitle && (
                <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
                  {t.subtitle}
                </Typography>
              )}
              <Box sx={{ mt: 1 }} data-testid="opac-title-availability">
                <AvailabilityChip title={t} />
              </Box>
            </Box>
            <Box
              component="dl"
              data-testid="opac-title-fields"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '96px 1fr', sm: '160px 1fr' },
                columnGap: { xs: 2, sm: 3 },
                rowGap: 0.75,
                m: 0,
              }}
            >
              {DETAILS.filter(([, value]) => value(t) !== null && value(t) !== '').map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value(t)}
                  </Typography>
                </Box>
              ))}
            </Box>
            <HoldPanel title={t} />
            <Box>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Copies
              </Typography>
              <ResponsiveList
                rows={t.copyList}
                keyOf={(c) => c.id}
                empty="The library has no copy of this title."
                testId="opac-copies"
                columns={[
                  { label: 'Accession', render: (c) => c.accessionNo },
                  { label: 'Shelf', render: (c) => c.shelfLocation || t.callNumber },
                  { label: 'Status', render: (c) => <StatusChip status={c.status} /> },
                  { label: 'Due back', render: (c) => (c.status === 'on_loan' ? dmy(c.dueOn) : '') },
                ]}
              />
            </Box>
          </Stack>
        )}
      </QueryState>
    </PublicShell>
  );
}

/** What a reader can do now: borrow from the shelf, place a hold (signed in), or sign in to hold. */
function HoldPanel({ title: t }: { title: TOpacTitle }) {
  const hold = usePlaceHold();
  const user = getSessionUser();
  const canHold = !!user?.roles.some((r) => SELF_HOLD_ROLES.includes(r));
  if (t.itemType === 'reference')
    return <Alert severity="info">A reference item: read it in the library; it is not lent out.</Alert>;
  if (t.copies === 0) return <Alert severity="info">The library has no copy of this title to lend or hold.</Alert>;
  if (t.available > 0)
    return (
      <Alert severity="success" data-testid="opac-hold-panel">
        {t.available === 1 ? 'A copy is' : `${t.available} copies are`} on the shelf
        {t.shelfLocations.length ? ` (${t.shelfLocations.join(', ')})` : ''}: take it to the library desk to borrow it.
      </Alert>
    );
  if (hold.isSuccess)
    return (
      <Alert severity="success" data-testid="opac-hold-panel">
        Hold placed: you are number {hold.data.position} in the queue. The library will tell you when a copy is waiting for you.
      </Alert>
    );
  return (
    <Alert severity="warning" data-testid="opac-hold-panel">
      {hold.isError
        ? hold.error.message
        : `Every copy is out${t.holds ? `; ${t.holds} ${t.holds === 1 ? 'reader is' : 'readers are'} waiting` : ''}. ${
            canHold || !user
              ? 'Place a hold and the next copy returned is kept for you.'
              : 'Holds are placed at the library desk.'
          }`}
      {/* Below the text, not beside it: on a phone a side action squeezes both into a column of words. */}
      {canHold ? (
        <Box sx={{ mt: 1 }}>
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            disabled={hold.isPending}
            onClick={() => hold.mutate({ titleId: t.id })}
          >
            Place hold
          </Button>
        </Box>
      ) : (
        !user && (
          <Box sx={{ mt: 1 }}>
            <Link
              component={RouterLink}
              to={signInPathFor(LIBRARY_PATHS.opacTitle(t.id))}
              color="inherit"
              sx={{ fontWeight: 700 }}
            >
              Sign in to place a hold
            </Link>
          </Box>
        )
      )}
    </Alert>
  );
}
