// Tenant API keys at rest (issue 21 part A; docs/ai.md A, docs/operations.md "AI provider"):
// AES-256-GCM under a deployment key-encryption key (KEK). The KEK is `AI_SECRET_KEY` (32 bytes,
// base64 or hex) when set; else a random key generated once into a file beside the embedded data
// directory (`<PG_DATA_DIR>.ai-key`, mode 0600), like the database passwords in `.secrets.json`.
// Several API nodes must share one KEK, so they set AI_SECRET_KEY. The database never holds the
// KEK, so a dump or a backup alone does not reveal any tenant's key.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Stored form: `v1.<kek id>.<iv>.<tag>.<ciphertext>`, the parts base64url. */
const VERSION = 'v1';

/** The KEK could not be used, or a stored key was sealed under another KEK; `message` is safe to show. */
export class SecretKeyError extends Error {
  /** `message` is English (operators read it in logs); `zh` is for the back office in Chinese. */
  constructor(message: string, readonly zh: string = message) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

/** Reads a 32-byte key written as 64 hex digits or base64 (url-safe or not); null when it is not one. */
export function parseKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return null;
}

/** A short public name of a KEK, kept with each sealed value so a changed KEK is told apart from a damaged value. */
export function kekId(kek: Buffer): string {
  return createHash('sha256').update('ai-kek').update(kek).digest('base64url').slice(0, 8);
}

let cached: { source: string; kek: Buffer } | null = null;

/** Where the generated KEK lives without AI_SECRET_KEY: beside the embedded data directory. */
export function kekFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return `${resolve(env.PG_DATA_DIR ?? 'data/pg')}.ai-key`;
}

/** The deployment's KEK (AI_SECRET_KEY, else the generated file, made on first use). */
export function deploymentKek(env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.AI_SECRET_KEY?.trim();
  const source = fromEnv ? `env:${fromEnv}` : `file:${kekFilePath(env)}`;
  if (cached?.source === source) return cached.kek;
  let kek: Buffer;
  if (fromEnv) {
    const parsed = parseKey(fromEnv);
    if (!parsed) throw new SecretKeyError('AI_SECRET_KEY must be 32 bytes written as 64 hex digits or base64 (e.g. `openssl rand -base64 32`).');
    kek = parsed;
  } else {
    kek = readOrCreateKeyFile(kekFilePath(env));
  }
  cached = { source, kek };
  return kek;
}

function readOrCreateKeyFile(path: string): Buffer {
  try {
    const parsed = parseKey(readFileSync(path, 'utf8'));
    if (!parsed) throw new SecretKeyError(`${path} does not hold a 32-byte key (64 hex digits); restore it from a backup or set AI_SECRET_KEY.`);
    return parsed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  const fresh = randomBytes(32);
  try {
    // 'wx': two processes starting together keep whichever wrote first.
    writeFileSync(path, `${fresh.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readOrCreateKeyFile(path);
  }
}

/** Seals `plain` (an API key) for storage; a fresh random IV each time. */
export function sealSecret(plain: string, kek: Buffer = deploymentKek()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, kekId(kek), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens a sealed value; SecretKeyError when it was sealed under another KEK or was altered. */
export function openSecret(sealed: string, kek: Buffer = deploymentKek()): string {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretKeyError('The saved API key is not in a form this server reads; enter it again.', '已保存的 API 密钥格式无法识别，请重新填写密钥。');
  const [, id, iv, tag, body] = parts as [string, string, string, string, string];
  if (id !== kekId(kek)) {
    throw new SecretKeyError(
      'The saved API key was encrypted with another AI_SECRET_KEY than this server has; enter the key again (or restore the old AI_SECRET_KEY).',
      '已保存的 API 密钥是用另一个 AI_SECRET_KEY 加密的，本服务器无法解密：请重新填写密钥（或由运维恢复原来的 AI_SECRET_KEY）。',
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(VERSION));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError('The saved API key cannot be decrypted (it was altered); enter it again.', '已保存的 API 密钥无法解密（数据被改动过），请重新填写密钥。');
  }
}

/** The last four characters shown in the back office ("已设置 ••••1234"); shorter keys show none. */
export function keyHint(plain: string): string {
  return plain.length >= 12 ? plain.slice(-4) : '';
}
