import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
  align?: 'right';
}

/** A table on wide screens, cards on phones. */
export function ResponsiveList<T>({
  rows,
  columns,
  keyOf,
  empty,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  keyOf: (r: T) => string | number;
  empty: string;
  testId?: string;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  if (!wide) {
    return (
      <Stack spacing={1} data-testid={testId}>
        {rows.map((r) => (
          <Card key={keyOf(r)} variant="outlined">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              {columns.map((c) => (
                <Box key={c.label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
                  <Typography variant="body2" color="text.secondary">
                    {c.label}
                  </Typography>
                  <Box sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{c.render(r)}</Box>
                </Box>
              ))}
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Box
      component="table"
      data-testid={testId}
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 1, textAlign: 'left', fontSize: 14, verticalAlign: 'middle' },
        '& th': { fontWeight: 700, bgcolor: 'action.hover' },
      }}
    >
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} style={{ textAlign: c.align ?? 'left' }}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={keyOf(r)}>
            {columns.map((c) => (
              <td key={c.label} style={{ textAlign: c.align ?? 'left' }}>
                {c.render(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
