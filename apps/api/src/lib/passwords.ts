import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes); runs on libuv's pool, off the event loop.
export const hashPassword = (plain: string) => hash(plain, { algorithm: 2 });

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
