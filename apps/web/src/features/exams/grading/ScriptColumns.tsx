import { Chip } from '@mui/material';
import type { TExternalSheet } from '@erp/shared';
import type { DataColumn } from '../../../components/DataTable';
import { STATE_COLOUR, STATE_LABEL } from './labels';

export type Script = TExternalSheet['items'][number];

/** What every list of scripts shows first: the dummy number, the paper and the entries' state. */
export const SCRIPT_COLUMNS: Array<DataColumn<Script>> = [
  { key: 'dummyNo', header: 'Dummy no', nowrap: true },
  { key: 'paper', header: 'Paper' },
  {
    key: 'state',
    header: 'State',
    value: (s) => STATE_LABEL[s.state],
    render: (s) => <Chip size="small" color={STATE_COLOUR[s.state]} label={STATE_LABEL[s.state]} />,
  },
];
