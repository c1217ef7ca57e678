import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';

const SHOWN = 10;

/** What a bulk call did, and each student it left out with the reason (the first ten, then all on asking). */
export function SkippedList({
  title,
  skipped,
  onClose,
  testId = 'bulk-result',
}: {
  title: string;
  skipped: Array<{ rollNo: string; reason?: string; reasons?: string[] }>;
  onClose: () => void;
  testId?: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? skipped : skipped.slice(0, SHOWN);
  return (
    <Alert severity={skipped.length ? 'warning' : 'success'} onClose={onClose} data-testid={testId}>
      <AlertTitle>{title}</AlertTitle>
      {skipped.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {skipped.length} left out:
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {shown.map((s) => {
              const why = s.reason ?? s.reasons?.join('; ') ?? '';
              // the server's reasons often name the student already ("22A91A0501 has not paid …")
              return (
                <Typography component="li" variant="body2" key={s.rollNo}>
                  {why.startsWith(s.rollNo) ? (
                    why
                  ) : (
                    <>
                      <b>{s.rollNo}</b>: {why}
                    </>
                  )}
                </Typography>
              );
            })}
          </Box>
          {skipped.length > SHOWN && (
            <Button size="small" color="inherit" onClick={() => setAll(!all)}>
              {all ? 'Show fewer' : `Show all ${skipped.length}`}
            </Button>
          )}
        </Box>
      )}
    </Alert>
  );
}
