import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

export interface Replica {
  port: number;
  url: string;
  /** what it printed so far (its access log at LOG_LEVEL info) */
  log(): string;
  /** SIGKILL, as a machine that dies: resolves once the process is gone */
  kill(): Promise<void>;
}

/** The real server (src/server.ts through tsx, as startup.test.ts runs it) on a free port. */
export async function startReplica(env: Record<string, string>): Promise<Replica> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let exit: string | null = null;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ?? String(code);
      resolve();
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the replica printed no address in 60 s:\n${out}`)), 60_000);
    const fail = (e: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    };
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = LISTENING.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void gone.then(() => fail(new Error(`the replica exited with ${exit}:\n${out}`)));
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    log: () => out,
    kill: async () => {
      if (exit === null) child.kill('SIGKILL');
      await gone;
    },
  };
}
