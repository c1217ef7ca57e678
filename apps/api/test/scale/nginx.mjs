// deploy/nginx's shipped configuration run as a process, in front of replicas on this machine:
// for the scale test (replicas.test.ts) and the proxy bench (bench/proxy.bench.mjs). The files
// are copied as they are into a temp prefix; the template is rendered as the nginx image renders
// it (envsubst of the PORTAL_* variables); only the upstream list is this machine's own, with the
// shipped list's health-check parameters.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const shipped = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/nginx');
const COPIED = ['nginx.conf', 'portal-proxy.conf', 'portal-cache.conf'];
const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
const MIME_TYPES = ['/etc/nginx/mime.types', '/usr/local/nginx/conf/mime.types'];

/** The nginx binary (NGINX_BIN, else Debian's), or an error saying how to install it. */
export function nginxBinary() {
  const given = process.env.NGINX_BIN;
  if (given && !fs.existsSync(given)) throw new Error(`NGINX_BIN=${given}: no such file`);
  const found = [given, ...CANDIDATES].find((p) => p && fs.existsSync(p));
  if (!found) throw new Error('nginx is not installed: apt-get install -y nginx (or set NGINX_BIN)');
  return found;
}

/** Renders `${NAME}` as the nginx image's envsubst does, for the given names only; any other PORTAL_ one left is an error. */
export function renderTemplate(text, values) {
  const out = text.replace(/\$\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  const left = /\$\{PORTAL_\w+\}/.exec(out);
  if (left) throw new Error(`template variable ${left[0]} has no value`);
  return out;
}

/** The shipped upstream list's line for each address, with its parameters (max_fails, fail_timeout). */
export function upstreamLines(addresses) {
  const list = fs.readFileSync(path.join(shipped, 'upstream-servers.conf'), 'utf8');
  const line = /^\s*server\s+\S+([^;]*);/m.exec(list);
  if (!line) throw new Error(`no server line in ${path.join(shipped, 'upstream-servers.conf')}`);
  return addresses.map((a) => `server ${a}${line[1]};`).join('\n') + '\n';
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts nginx with the shipped configuration on a free port, balancing over `upstreams`
 * ("127.0.0.1:port" each). Answers its port and url, its prefix folder, its logs, and `stop`.
 */
export async function startNginx({ upstreams }) {
  const bin = nginxBinary();
  const mime = MIME_TYPES.find((p) => fs.existsSync(p));
  if (!mime) throw new Error(`nginx's mime.types not found (looked in ${MIME_TYPES.join(', ')})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-nginx-'));
  // nginx's workers run as an unprivileged user when started by root: they must reach the cache
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'conf');
  const state = path.join(dir, 'state');
  fs.mkdirSync(path.join(conf, 'conf.d'), { recursive: true });
  fs.mkdirSync(state, { mode: 0o755 });
  for (const f of COPIED) fs.copyFileSync(path.join(shipped, f), path.join(conf, f));
  fs.copyFileSync(mime, path.join(conf, 'mime.types'));
  fs.writeFileSync(path.join(conf, 'upstream-servers.conf'), upstreamLines(upstreams));
  const port = await freePort();
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  const template = fs.readFileSync(path.join(shipped, 'templates/portal.conf.template'), 'utf8');
  fs.writeFileSync(
    path.join(conf, 'conf.d/portal.conf'),
    renderTemplate(template, { PORTAL_PORT: port, PORTAL_STATE_DIR: state, PORTAL_ACCESS_LOG: accessLog }),
  );
  const child = spawn(
    bin,
    ['-p', dir, '-c', path.join(conf, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid; error_log ${errorLog} warn;`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (b) => (output += b));
  child.stderr.on('data', (b) => (output += b));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let gone;
  void exited.then((how) => (gone = how));
  const logOf = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  for (let i = 0; !(await accepts(port)); i++) {
    if (gone !== undefined || i > 100) {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start (${gone ?? 'no answer in 10 s'}):\n${output}\n${logOf(errorLog)}`);
    }
    await sleep(100);
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    dir,
    /** the access log's lines so far (the `portal` format: cache status and upstream of each) */
    accessLines: () => logOf(accessLog).split('\n').filter(Boolean),
    errorLog: () => logOf(errorLog),
    /** Stops nginx (fast shutdown) and removes its folder. */
    stop: async () => {
      if (gone === undefined) {
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(5000)]);
        if (gone === undefined) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
