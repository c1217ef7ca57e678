import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { DateRangeField } from '../../components/DateRangeField';
import { openFile } from './api';
import { monthStartIst, todayIst } from './format';
import { Section } from './Section';

/** A range of days' vouchers as Tally XML. */
export function TallyExportPanel() {
  const [range, setRange] = useState({ from: monthStartIst(), to: todayIst() });
  const [error, setError] = useState('');
  const go = async () => {
    setError('');
    try {
      await openFile('accounts/export/tally', `tally-${range.from}-${range.to}.xml`, range, true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Section title="Export to Tally">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <DateRangeField size="small" {...range} onChange={setRange} />
        <Button variant="outlined" onClick={go}>
          Download vouchers (XML)
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Section>
  );
}
