import type { Transporter } from 'nodemailer';
import { nodemailer } from '../../lib/libraries.js';
import type { Config } from '../../config.js';

let cached: { url: string; transport: Transporter } | undefined;

/** One SMTP transport per SMTP_URL (nodemailer pools nothing by default; connections are per message). */
export async function transportFor(config: Config): Promise<Transporter | null> {
  if (!config.SMTP_URL) return null;
  if (cached?.url !== config.SMTP_URL)
    cached = { url: config.SMTP_URL, transport: (await nodemailer()).createTransport(config.SMTP_URL) };
  return cached.transport;
}
