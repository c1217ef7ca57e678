import { ZAward, ZMou, ZPublication, displayDate, type TAwardRow, type TMouRow, type TPublicationRow } from '@erp/shared';
import type { RecordKind } from './api';

export interface FieldDef {
  name: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'checkbox';
  required?: boolean;
}

export interface RecordDef {
  kind: RecordKind;
  tab: string;
  singular: string;
  fields: FieldDef[];
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } };
  columns: Array<{ label: string; value: (row: Record<string, unknown>) => string }>;
  empty: Record<string, unknown>;
}

const text = (k: string) => (r: Record<string, unknown>) => String(r[k] ?? '') || '—';
const date = (k: string) => (r: Record<string, unknown>) => (r[k] ? displayDate(String(r[k])) : '—');

/** The three record kinds a faculty member keeps: publications, MoUs and awards. */
export const RECORDS: RecordDef[] = [
  {
    kind: 'publications',
    tab: 'Publications',
    singular: 'Publication',
    schema: ZPublication,
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'journal', label: 'Journal', type: 'text' },
      { name: 'year', label: 'Year', type: 'number', required: true },
      { name: 'citations', label: 'Citations', type: 'number', required: true },
      { name: 'scopusIndexed', label: 'Scopus-indexed', type: 'checkbox' },
    ],
    columns: [
      { label: 'Title', value: text('title') },
      { label: 'Journal', value: text('journal') },
      { label: 'Year', value: text('year') },
      { label: 'Scopus', value: (r) => ((r as unknown as TPublicationRow).scopusIndexed ? 'Yes' : 'No') },
      { label: 'Citations', value: (r) => String(r.citations ?? 0) },
    ],
    empty: { title: '', journal: '', year: String(new Date().getFullYear()), citations: '0', scopusIndexed: false },
  },
  {
    kind: 'mous',
    tab: 'MoUs',
    singular: 'MoU',
    schema: ZMou,
    fields: [
      { name: 'organisation', label: 'Organisation', type: 'text', required: true },
      { name: 'purpose', label: 'Purpose', type: 'text' },
      { name: 'signedOn', label: 'Signed On', type: 'date', required: true },
    ],
    columns: [
      { label: 'Organisation', value: text('organisation') },
      { label: 'Purpose', value: text('purpose') },
      { label: 'Signed On', value: date('signedOn') },
    ],
    empty: { organisation: '', purpose: '', signedOn: '' },
  },
  {
    kind: 'awards',
    tab: 'Awards',
    singular: 'Award',
    schema: ZAward,
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'awardedBy', label: 'Awarded By', type: 'text' },
      { name: 'awardedOn', label: 'Awarded On', type: 'date', required: true },
    ],
    columns: [
      { label: 'Title', value: text('title') },
      { label: 'Awarded By', value: text('awardedBy') },
      { label: 'Awarded On', value: date('awardedOn') },
    ],
    empty: { title: '', awardedBy: '', awardedOn: '' },
  },
];

export type AnyRecordRow = TPublicationRow | TMouRow | TAwardRow;
