import { useMediaQuery } from '@mui/material';
import type { DataColumn } from '../../../components/DataTable';

/** A phone shows each row as a card titled by `inTitle`'s fields: those columns are left out of the card's body. */
export function useCardColumns<T>(columns: Array<DataColumn<T>>, inTitle: string[]): Array<DataColumn<T>> {
  const phone = useMediaQuery('(max-width:599.95px)');
  return phone ? columns.filter((c) => !inTitle.includes(c.key)) : columns;
}

/** True on a phone (the width DataTable turns rows into cards at). */
export const usePhone = () => useMediaQuery('(max-width:599.95px)');

/** A bar of buttons that stays at the foot of the screen while a long list is worked down. */
export const STICKY = { position: 'sticky', bottom: 0, zIndex: 2, py: 1, bgcolor: 'background.default' } as const;
