import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './config.js';

const MIN_LENGTH = 32;

/**
 * The install's own token secret when JWT_SECRET is unset (config.jwtSecretFile): read from its
 * file, or made on the first start, readable by the server's user alone (0600). Replicas starting
 * together on one SQLite file agree: the file appears whole or not at all (a link of a finished
 * temporary file), and whoever loses the race reads the winner's.
 */
export function useInstallSecret(config: Config): Config {
  const file = config.jwtSecretFile;
  if (!file) return config;
  try {
    return { ...config, JWT_SECRET: readOrMake(file) };
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    const why = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new ConfigError(
      `Invalid configuration:\n  JWT_SECRET: unset, and ${file} could not be kept (${why}): set JWT_SECRET, or let the server write there`,
    );
  }
}

function readOrMake(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) {
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temporary, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkOrCopy(temporary, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  // Kept for this user alone, whatever a copy or a restore did to it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) {
    throw new ConfigError(
      `Invalid configuration:\n  JWT_SECRET: ${file} holds no usable secret: delete it to have a new one made, or set JWT_SECRET`,
    );
  }
  return secret;
}

/** A hard link where the file system has them; else an exclusive copy (EEXIST when there already). */
function linkOrCopy(from: string, to: string) {
  try {
    fs.linkSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw e;
    fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
  }
}
