import { useState } from 'react';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../components/feedback';
import { openCards, openLabels } from './api';
import { LibraryPage } from './LibraryPage';

/** Barcodes: Code 128 label sheets (A4, 3 × 8 or 4 × 10) for a range of accession numbers. */
export function LabelsPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [layout, setLayout] = useState<'3x8' | '4x10'>('3x8');
  const toast = useToast();
  const print = useMutation({
    mutationFn: () => openLabels({ from, to: to || from, layout }),
    onError: (e) => toast.error(e.message),
  });
  return (
    <LibraryPage title="Barcodes">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Labels carry the accession number as a Code 128 barcode, the short title and the call number. New copies are numbered in a
        run: print from the first to the last.
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          print.mutate();
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="From accession no."
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            required
            inputProps={{ 'data-testid': 'labels-from' }}
          />
          <TextField
            label="To accession no."
            value={to}
            onChange={(e) => setTo(e.target.value)}
            inputProps={{ 'data-testid': 'labels-to' }}
          />
          <TextField
            select
            label="Sheet"
            value={layout}
            onChange={(e) => setLayout(e.target.value as '3x8' | '4x10')}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="3x8">A4, 3 × 8 (24)</MenuItem>
            <MenuItem value="4x10">A4, 4 × 10 (40)</MenuItem>
          </TextField>
          <Button type="submit" variant="contained" disabled={!from || print.isPending}>
            Print labels
          </Button>
        </Stack>
      </Box>
      <CardsForm />
    </LibraryPage>
  );
}

/** Library cards for ID cards: a Code 128 of each patron's roll number or employee code, 10 to an A4 sheet. */
function CardsForm() {
  const [codes, setCodes] = useState('');
  const [batch, setBatch] = useState('');
  const toast = useToast();
  const print = useMutation({
    mutationFn: () =>
      openCards(batch.trim() ? { batch: batch.trim() } : { codes: codes.trim() }),
    onError: (e) => toast.error(e.message),
  });
  return (
    <Box
      component="form"
      aria-label="Library cards"
      sx={{ mt: 4 }}
      onSubmit={(e) => {
        e.preventDefault();
        print.mutate();
      }}
    >
      <Typography variant="h6" component="h2">
        Library cards
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Cards the size of an ID card, ten to an A4 sheet, with the patron&apos;s code as a Code 128 barcode the desk scans. Give a
        batch for all its students, or the roll numbers and employee codes.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Batch (e.g. 2025-2029)"
          value={batch}
          onChange={(e) => setBatch(e.target.value)}
          inputProps={{ 'data-testid': 'cards-batch' }}
        />
        <TextField
          label="Or roll numbers / employee codes"
          value={codes}
          onChange={(e) => setCodes(e.target.value)}
          disabled={!!batch.trim()}
          sx={{ flex: 1 }}
          inputProps={{ 'data-testid': 'cards-codes' }}
        />
        <Button type="submit" variant="contained" disabled={(!codes.trim() && !batch.trim()) || print.isPending}>
          Print cards
        </Button>
      </Stack>
    </Box>
  );
}
