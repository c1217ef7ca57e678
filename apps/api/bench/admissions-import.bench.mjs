// Admissions day: a generated 10,000-row workbook uploaded through the real endpoint of the built
// server, while a lookup is called again and again. Prints rows per second, the server's peak
// memory and the lookup's p99 latency during the import as the last lines.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);

// Bundled next to apps/api so the npm packages resolve; removed at the end.
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-adm-'));
let server;

function cleanup() {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitReady(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

/** Peak resident memory of the server process so far (Linux VmHWM), in MB. */
const peakRssMb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function workbook(columns) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Admissions');
  ws.addRow(columns);
  const branches = ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'];
  const names = ['Ravi Teja', 'Anjali Sharma', 'Kiran Kumar', 'Meena Kumari', 'Suresh Babu', 'Lakshmi Prasanna'];
  for (let i = 0; i < ROWS; i++) {
    const row = {
      dateOfAdmission: '2026-07-15',
      name: `${names[i % names.length]} ${String.fromCharCode(65 + (i % 26))}`,
      admissionType: 'Direct',
      courseAppliedFor: 'B.Tech',
      branch: branches[i % 5],
      gender: i % 2 ? 'FEMALE' : 'MALE',
      aadharNo: String(500_000_000_000 + i),
      batch: '2025-2029',
      entranceType: 'EAPCET',
      rank: String(1000 + i),
      dateOfBirth: '2008-03-21',
      nationality: 'Indian',
      religion: 'Hindu',
      category: 'OC',
      bloodGroup: 'B+',
      emailId: `student${i}@example.com`,
      studentContactNo: String(9_000_000_000 + i),
      fathersName: 'Srinivas Rao',
      mothersName: 'Lakshmi Devi',
      fatherContactNo: String(8_000_000_000 + i),
      permanentAddress: `${i} Main Road, Tirupati`,
      presentAddress: `${i} Main Road, Tirupati`,
      scholarShip: 'No',
      lateralEntry: 'No',
      sscPercentage: '88.5',
      feeCommitment: '95000',
      studentPaidamount: '45000',
    };
    ws.addRow(columns.map((c) => row[c] ?? ''));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

try {
  await bundleNode([path.join(apiDir, 'src/server.ts')], outDir);
  const { EXCEL_COLUMNS } = await import('@erp/shared').catch(async () => {
    // The shared package is TypeScript: read the columns from the template instead.
    return { EXCEL_COLUMNS: null };
  });

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(outDir, 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: path.join(dataDir, 'bench.sqlite'),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      SIGNIN_RATE_LIMIT: '1000',
      SIGNIN_IP_LIMIT: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitReady(url);

  const signin = await fetch(`${url}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admissions', password: 'Demo@1234', module: 'erp' }),
  });
  const { token } = await signin.json();
  const auth = { authorization: `Bearer ${token}` };

  let columns = EXCEL_COLUMNS;
  if (!columns) {
    const tpl = new ExcelJS.Workbook();
    await tpl.xlsx.load(await (await fetch(`${url}/api/v1/getExcelForNewAdmissions`, { headers: auth })).arrayBuffer());
    columns = tpl.worksheets[0].getRow(1).values.slice(1);
  }
  const file = await workbook(columns);
  console.log(`workbook: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(2)} MB`);

  // A lookup called back to back during the import, as the admission screens would.
  const latencies = [];
  let importing = true;
  const poll = async () => {
    while (importing) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/v1/getBranchesShortForms?course=B.Tech`, { headers: auth });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`lookup failed: ${res.status}`);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const pollers = [poll(), poll()];

  const form = new FormData();
  form.append('excelFileUpload', new Blob([file]), 'admissions.xlsx');
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/masterDataExcelsUploads?fileType=newAdmissionsForm`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const body = await res.json();
  const seconds = (performance.now() - t0) / 1000;
  importing = false;
  await Promise.all(pollers);
  if (res.status !== 200 || body.saved !== ROWS)
    throw new Error(`import failed: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);

  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)];
  const peak = peakRssMb(server.pid);
  console.log(
    `lookups during the import: ${latencies.length} calls, p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(1)} ms`,
  );
  console.log(`import: ${ROWS} rows saved in ${seconds.toFixed(2)} s (target <= 5 s)`);
  console.log(`rows per second: ${Math.round(ROWS / seconds)}`);
  console.log(`server peak RSS: ${peak.toFixed(0)} MB (target < 400 MB)`);
  console.log(`lookup p99 during import: ${p99.toFixed(1)} ms (target < 250 ms)`);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  cleanup();
}
