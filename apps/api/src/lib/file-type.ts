/** File types told by their first bytes, never by the name the client sent. */
export type SniffedType = 'jpg' | 'png' | 'gif' | 'pdf' | 'xlsx' | 'xls';

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

export function sniffFileType(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // OLE2 compound file: the legacy .xls format.
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  // A zip that carries the workbook part is an .xlsx.
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) && buf.includes('xl/')) return 'xlsx';
  return null;
}

export const MIME_BY_TYPE: Record<SniffedType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};
