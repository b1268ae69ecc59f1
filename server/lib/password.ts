import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/** md5 of the trimmed text, as the client sends passwords (spec shell §5 "Passwords"). */
export function clientPasswordDigest(plain: string): string {
  return createHash('md5').update(plain.trim(), 'utf8').digest('hex');
}

/** Stores scrypt over the client's md5, with a per-user salt; never the md5 itself. */
export async function hashPassword(md5Hex: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(16);
  const key = await scrypt(md5Hex.toLowerCase(), salt, KEY_LENGTH);
  return { hash: key.toString('hex'), salt: salt.toString('hex') };
}

/** Constant-time check of a client md5 against a stored hash. */
export async function verifyPassword(md5Hex: string, hash: string, salt: string): Promise<boolean> {
  const key = await scrypt(md5Hex.toLowerCase(), Buffer.from(salt, 'hex'), KEY_LENGTH);
  const stored = Buffer.from(hash, 'hex');
  return stored.length === key.length && timingSafeEqual(stored, key);
}
