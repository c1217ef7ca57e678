import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what arrives; `fail` makes it refuse messages. */
export async function smtp() {
  const received: Received[] = [];
  const state = { fail: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        if (state.fail) return callback(new Error('mailbox unavailable'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

