import { Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { PublicShell } from '../../components/common';
import { useToast } from '../../components/feedback';
import { getSessionUser } from '../../lib/session';
import { usePlaceHold } from './api';
import { LibraryPage } from './LibraryPage';
import { TitleSearch } from './TitleSearch';

/** The public catalogue at /opac: no sign-in. */
export function PublicOpacPage() {
  return (
    <PublicShell maxWidth="lg">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 30 }, mb: 2 }}>
        Library catalogue
      </Typography>
      <TitleSearch publicOpac />
    </PublicShell>
  );
}

/** View Books inside the app (OPAC kiosk, students, staff); a student or faculty member may hold a title with no copy on the shelf. */
export function ViewBooksPage() {
  const roles = getSessionUser()?.roles ?? [];
  const canHold = roles.includes(ROLES.STUDENT) || roles.includes(ROLES.FACULTY);
  const hold = usePlaceHold();
  const toast = useToast();
  return (
    <LibraryPage title="View Books" tabs={false}>
      <TitleSearch
        action={
          canHold
            ? (t) =>
                t.available === 0 && t.copies > 0 && t.itemType !== 'reference' ? (
                  <Button
                    size="small"
                    disabled={hold.isPending}
                    onClick={() =>
                      hold.mutate(
                        { titleId: t.id },
                        {
                          onSuccess: (h) => toast.success(`Hold placed: you are number ${h.position} in the queue`),
                          onError: (e) => toast.error(e.message),
                        },
                      )
                    }
                  >
                    Place hold
                  </Button>
                ) : null
            : undefined
        }
      />
    </LibraryPage>
  );
}
