// Outbound HTTP for the AI provider (issue 21 part A; docs/ai.md A "Where requests go"). A tenant
// admin types the base URL, so the server must not become a way into its own network: only http(s),
// and no private, loopback, link-local or otherwise internal address unless the operator sets
// AI_ALLOW_PRIVATE_HOSTS=1. The address is checked when the socket connects (a guarded DNS lookup),
// so a name that resolves elsewhere later (DNS rebinding) is refused too, and redirects are never
// followed. node:http is used rather than fetch for that lookup hook.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3],
] as const) INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2002::', 16]] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv6');
}

/** Whether the operator lets tenants reach private addresses (AI_ALLOW_PRIVATE_HOSTS=1; tests set it). */
export function privateHostsAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['1', 'true', 'yes', 'on'].includes((env.AI_ALLOW_PRIVATE_HOSTS ?? '').toLowerCase());
}

/** True for an address inside the deployment's own networks (loopback, private, link-local, …). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
    return INTERNAL.check(address, 'ipv6');
  }
  return true;
}

/** Refused before any byte is sent; `message` is safe to show to the tenant admin. */
export class BlockedHostError extends Error {
  constructor(message: string, readonly en: string) {
    super(message);
    this.name = 'BlockedHostError';
  }
}

const BLOCKED = {
  zh: (host: string) => `地址 ${host} 指向内部网络，出于安全原因不允许访问（运维可设置 AI_ALLOW_PRIVATE_HOSTS=1 放行）。`,
  en: (host: string) => `The address ${host} points into an internal network, which is not allowed for safety (the operator may allow it with AI_ALLOW_PRIVATE_HOSTS=1).`,
};
const blocked = (host: string) => new BlockedHostError(BLOCKED.zh(host), BLOCKED.en(host));
const SCHEME = { zh: '服务地址只能以 http:// 或 https:// 开头。', en: 'The service address must start with http:// or https://.' };

/** A DNS lookup that fails for internal addresses (unless allowed), used by every outbound socket. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = !allowPrivate && list.find((a) => isInternalAddress(a.address));
      if (bad || list.length === 0) return callback(blocked(hostname), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Checks a base URL a tenant admin typed: http(s), no credentials in it, and (unless allowed) a host
 * that does not resolve to an internal address. Answers a message in words, or null when fine.
 */
export async function baseUrlProblem(raw: string, allowPrivate = privateHostsAllowed(), lang: 'zh' | 'en' = 'zh'): Promise<string | null> {
  const en = lang === 'en';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return en ? 'The service address is not a valid URL, e.g. https://api.openai.com/v1.' : '服务地址不是有效的网址，例如 https://api.openai.com/v1。';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return SCHEME[lang];
  if (url.username || url.password) return en ? 'The service address cannot hold a user name or password; put the key in "API key".' : '服务地址里不能包含用户名或密码，请把密钥填在「API 密钥」中。';
  if (url.search || url.hash) return en ? 'The service address cannot have a query or #, e.g. https://api.openai.com/v1.' : '服务地址不能带查询参数或 #，例如 https://api.openai.com/v1。';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isInternalAddress(host) ? BLOCKED[lang](host) : null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return BLOCKED[lang](host);
  return new Promise((resolve) => {
    dnsLookup(host, { all: true }, (error, addresses) => {
      if (error) return resolve(en ? `The host ${host} of the service address was not found; check the spelling.` : `找不到服务地址的主机 ${host}，请检查拼写。`);
      resolve(addresses.some((a) => isInternalAddress(a.address)) ? BLOCKED[lang](host) : null);
    });
  });
}

export interface SafeRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** The most a request may stay silent: waiting for the answer, or between two pieces of it. */
  idleTimeoutMs: number;
  allowPrivate: boolean;
}

/** The provider did not answer within the timeout. */
export class IdleTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'IdleTimeoutError';
  }
}

/** Sends one request through the guarded lookup; resolves with the response (its body not read). Never follows redirects. */
export function safeRequest(url: URL, init: SafeRequest): Promise<IncomingMessage> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.reject(new BlockedHostError(SCHEME.zh, SCHEME.en));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!init.allowPrivate && isIP(host) && isInternalAddress(host)) return Promise.reject(blocked(host));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let response: IncomingMessage | null = null;
    const req = send(url, {
      method: init.method,
      headers: { ...init.headers, ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}) },
      lookup: guardedLookup(init.allowPrivate),
      ...(init.signal ? { signal: init.signal } : {}),
    }, (res) => {
      response = res;
      resolve(res);
    });
    // Idle, not total: a long streamed answer is fine as long as pieces keep coming. A stall after
    // the answer began fails the body being read with the same error.
    req.setTimeout(init.idleTimeoutMs, () => {
      const error = new IdleTimeoutError(init.idleTimeoutMs);
      (response as IncomingMessage | null)?.destroy(error);
      req.destroy(error);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Reads a whole response body, refusing one larger than `maxBytes`. */
export async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw new RangeError(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
