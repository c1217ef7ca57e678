import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Kept out of sight but read by screen readers, e.g. " (opens in a new tab)" inside a link. */
export const screenReaderOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

export function ScreenReaderOnly({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={screenReaderOnly}>
      {children}
    </Box>
  );
}

/** The note every link that opens a new tab carries in its accessible name. */
export const NewTabNote = () => <ScreenReaderOnly> (opens in a new tab)</ScreenReaderOnly>;
