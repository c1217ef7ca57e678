/** marcjs ships no type declarations: the little the library uses. */
declare module 'marcjs' {
  interface MarcRecord {
    leader: string;
    fields: string[][];
    append(...fields: string[][]): MarcRecord;
  }
  const marcjs: {
    Marc: {
      /** One record: ISO 2709 as bytes, MARCXML as text. */
      parse(raw: Buffer | string, type: 'iso2709' | 'marcxml'): MarcRecord;
      format(record: MarcRecord, type: 'iso2709' | 'marcxml'): string;
    };
    Record: new () => MarcRecord;
  };
  export default marcjs;
}
