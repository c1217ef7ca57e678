/**
 * A minimal .xlsx reader for the import worker (plain JavaScript source, run with `eval` in a
 * worker thread so it also works from the bundled server). It reads the zip's central directory,
 * inflates only the workbook, its relations, the shared strings and the first sheet, and scans
 * the cells: about ten times quicker than a full SheetJS parse of a 10,000-row sheet.
 * Returns { headers, rows, totalRows } with rows[i] = sheet row i + 2 (blank rows kept as []).
 */
export const XLSX_READER_SOURCE = String.raw`
function readXlsxFast(buf, maxRows, dateColumns) {
  const zlib = require('node:zlib');
  // End of central directory: the last 0x06054b50 signature.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = new Map();
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    entries.set(name.replace(/^\/+/, ''), { method, size, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  const read = (name) => {
    const e = entries.get(name);
    if (!e) return null;
    const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
    const data = buf.subarray(start, start + e.size);
    if (e.method === 0) return data.toString('utf8');
    if (e.method === 8) return zlib.inflateRawSync(data).toString('utf8');
    throw new Error('unsupported compression');
  };
  const decode = (s) => s.indexOf('&') < 0 ? s : s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (m, e) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" :
    String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)));
  const texts = (xml) => {
    let out = '';
    const re = /<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g;
    let m;
    while ((m = re.exec(xml))) out += m[1] ? decode(m[1]) : '';
    return out;
  };

  const workbook = read('xl/workbook.xml');
  if (!workbook) throw new Error('no workbook');
  const first = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook) || /<sheet\b[^>]*\bid="([^"]+)"/.exec(workbook);
  if (!first) return { noSheet: true };
  const rels = read('xl/_rels/workbook.xml.rels') || '';
  let target = null;
  const relRe = /<Relationship\b[^>]*>/g;
  let r;
  while ((r = relRe.exec(rels))) {
    const id = /\bId="([^"]+)"/.exec(r[0]);
    const t = /\bTarget="([^"]+)"/.exec(r[0]);
    if (id && t && id[1] === first[1]) target = t[1];
  }
  if (!target) throw new Error('no sheet target');
  const sheetPath = target.startsWith('/') ? target.slice(1) : 'xl/' + target.replace(/^\.\//, '');
  const sheet = read(sheetPath);
  if (sheet === null) throw new Error('no sheet');

  const sst = [];
  const shared = read('xl/sharedStrings.xml');
  if (shared) {
    const siRe = /<si>([\s\S]*?)<\/si>|<si\/>/g;
    let m;
    while ((m = siRe.exec(shared))) sst.push(m[1] ? texts(m[1].replace(/<rPh\b[\s\S]*?<\/rPh>/g, '')) : '');
  }

  const colIndex = (ref) => {
    let c = 0;
    for (let i = 0; i < ref.length; i++) {
      const code = ref.charCodeAt(i);
      if (code < 65 || code > 90) break;
      c = c * 26 + (code - 64);
    }
    return c - 1;
  };
  const grid = [];
  let lastRow = 0;
  const rowRe = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
  const cellRe = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
  let row;
  while ((row = rowRe.exec(sheet))) {
    const rAttr = /\br="(\d+)"/.exec(row[1]);
    const rowNo = rAttr ? Number(rAttr[1]) : lastRow + 1;
    lastRow = rowNo;
    if (rowNo > maxRows + 1) return { tooMany: true };
    if (!row[2]) continue;
    const cells = [];
    let next = 0;
    let cell;
    cellRe.lastIndex = 0;
    while ((cell = cellRe.exec(row[2]))) {
      const ref = /\br="([A-Z]+)\d+"/.exec(cell[1]);
      const col = ref ? colIndex(ref[1]) : next;
      next = col + 1;
      const inner = cell[2];
      if (!inner) continue;
      const type = /\bt="([^"]+)"/.exec(cell[1]);
      const t = type ? type[1] : 'n';
      let value;
      if (t === 'inlineStr') value = texts(inner);
      else {
        const v = /<v>([\s\S]*?)<\/v>/.exec(inner);
        if (!v) continue;
        if (t === 's') value = sst[Number(v[1])] ?? '';
        else if (t === 'n') value = Number(v[1]);
        else if (t === 'b') value = v[1] === '1' ? 'TRUE' : 'FALSE';
        else value = decode(v[1]);
      }
      cells[col] = value;
    }
    grid[rowNo - 1] = cells;
  }
  const headerRow = grid[0] || [];
  const headers = Array.from(headerRow, (h) => (h === undefined ? '' : String(h).trim()));
  const dateIdx = dateColumns.map((c) => headers.indexOf(c)).filter((i) => i >= 0);
  const pad = (n) => String(n).padStart(2, '0');
  const rows = [];
  for (let i = 1; i < grid.length; i++) {
    const src = grid[i] || [];
    const out = new Array(headers.length);
    for (let c = 0; c < headers.length; c++) out[c] = src[c] === undefined ? '' : src[c];
    for (const c of dateIdx) {
      if (typeof out[c] === 'number') {
        // Excel serial day (1900 system, its leap-year bug folded into the 1899-12-30 epoch).
        const d = new Date(Date.UTC(1899, 11, 30) + Math.round(out[c] * 86400000));
        out[c] = d.getUTCFullYear() + '-' + pad(d.getUTCMonth() + 1) + '-' + pad(d.getUTCDate());
      }
    }
    rows.push(out);
  }
  return { headers, rows, totalRows: rows.length };
}
`;
