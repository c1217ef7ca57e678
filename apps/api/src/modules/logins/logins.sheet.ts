import { newWorkbook } from '../../lib/libraries.js';

export interface CredentialRow {
  id: string;
  name: string;
  username: string;
  password: string;
  email: string;
  group: string;
}

const HEADERS: Record<string, [string, string]> = {
  student: ['Roll No', 'Branch'],
  faculty: ['Emp Code', 'Department'],
};

/** The one-time credentials workbook. */
export async function credentialsWorkbook(kind: string, rows: CredentialRow[]): Promise<Buffer> {
  const [idHeader, groupHeader] = HEADERS[kind] ?? ['Id', 'Group'];
  const wb = await newWorkbook();
  const ws = wb.addWorksheet(kind === 'faculty' ? 'Faculty logins' : 'Student logins');
  ws.columns = [
    { header: idHeader, key: 'id', width: 14 },
    { header: 'Name', key: 'name', width: 28 },
    { header: 'Username', key: 'username', width: 30 },
    { header: 'Password', key: 'password', width: 16 },
    { header: 'Email', key: 'email', width: 34 },
    { header: groupHeader, key: 'group', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRows(rows);
  ws.addRow([]);
  ws.addRow(['Each user must change this password at first sign-in.']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
