import type { Transporter } from 'nodemailer';
import { nodemailer } from '../../lib/libraries.js';
import type { Config } from '../../config.js';

let cached: { url: string; transport: Transporter } | undefined;

/**
 * How long a mail server may keep us waiting (nodemailer's defaults run to minutes): a server that
 * accepts the connection and never answers fails the message well within the mail lane's time limit.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** One SMTP transport per SMTP_URL (nodemailer pools nothing by default; connections are per message). */
export async function transportFor(config: Config): Promise<Transporter | null> {
  if (!config.SMTP_URL) return null;
  if (cached?.url !== config.SMTP_URL)
    cached = {
      url: config.SMTP_URL,
      transport: (await nodemailer()).createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS }),
    };
  return cached.transport;
}
