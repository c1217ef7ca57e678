/** marcjs ships no type declarations: the little the library uses. */
declare module 'marcjs' {
  import type { Duplex } from 'node:stream';
  interface MarcRecord {
    leader: string;
    fields: string[][];
    append(...fields: string[][]): MarcRecord;
  }
  const marcjs: {
    Marc: {
      createStream(type: 'iso2709' | 'marcxml', what: 'Parser' | 'Formater'): Duplex;
      format(record: MarcRecord, type: 'iso2709' | 'marcxml'): string;
    };
    Record: new () => MarcRecord;
  };
  export default marcjs;
}
