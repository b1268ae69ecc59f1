// A tiny OpenAI-compatible HTTP server for tests (issue 21 part A; docs/ai.md A "Testing with a
// provider"): /chat/completions streamed (SSE) or not, /images/generations (a real PNG made here),
// /embeddings (deterministic vectors) and /models, on 127.0.0.1 at a random port. It records every
// request so a test can check the key went as a Bearer and which model was asked. The app refuses
// loopback addresses unless AI_ALLOW_PRIVATE_HOSTS=1, so a test using this sets it.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { deflateSync } from 'node:zlib';

/** How the next answers fail: a 500, no answer at all, an unreadable stream, or a stall after the first piece. */
export type FakeFailure = 'none' | 'status-500' | 'status-401' | 'hang' | 'bad-json' | 'hang-mid-stream';

export interface FakeOpenAIOptions {
  /** The chat answer: a text, or made from the request's messages. Default "Hello from the fake provider." */
  reply?: string | ((body: ChatBody) => string);
  /** Characters per streamed chunk (default 4). */
  chunkSize?: number;
  /** Milliseconds between streamed chunks (default 0). */
  chunkDelayMs?: number;
  failure?: FakeFailure;
  /** When set, a request without `Authorization: Bearer <key>` gets 401. */
  requireKey?: string;
  /** The ids /models lists; null answers 404 (a provider without the list). */
  models?: string[] | null;
  /** Images answered as base64 (default) or as a link to this server. */
  imageAs?: 'b64' | 'url';
  /** Length of each embedding vector (default 8). */
  dimensions?: number;
}

export interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  max_tokens?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (null for GET or a body that was not JSON). */
  body: Record<string, unknown> | null;
}

export interface FakeOpenAI {
  /** The base URL to configure, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Changes the options for the requests that follow (e.g. a reply or a failure mode). */
  setReply(reply: string | ((body: ChatBody) => string) | Partial<FakeOpenAIOptions>): void;
  close(): Promise<void>;
}

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (an RGB gradient of `size`×`size`), so decoders and sniffers accept it. */
export function makePng(size = 8, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      row[1 + x * 3] = (x * 255) / Math.max(1, size - 1);
      row[2 + x * 3] = (y * 255) / Math.max(1, size - 1);
      row[3 + x * 3] = (seed * 67) % 256;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.concat(rows))), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The fake's vector for a text: the same text always gives the same unit vector. */
export function fakeEmbedding(text: string, dimensions = 8): number[] {
  const hash = createHash('sha256').update(text).digest();
  const raw = Array.from({ length: dimensions }, (_, i) => hash[i % hash.length]! - 128);
  const norm = Math.hypot(...raw) || 1;
  return raw.map((x) => x / norm);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let opts: FakeOpenAIOptions = { ...options };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const png = makePng(16);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function chat(res: ServerResponse, body: ChatBody) {
    const reply = typeof opts.reply === 'function' ? opts.reply(body) : opts.reply ?? 'Hello from the fake provider.';
    if (!body.stream) {
      send(res, 200, { id: 'chatcmpl-fake', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }] });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const size = Math.max(1, opts.chunkSize ?? 4);
    const chars = Array.from(reply);
    for (let i = 0; i < chars.length; i += size) {
      if (res.destroyed) return;
      const chunk = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta: { content: chars.slice(i, i + size).join('') }, finish_reason: null }] };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      if (opts.failure === 'hang-mid-stream') return; // the socket stays open, silent
      if (opts.failure === 'bad-json') {
        res.end('data: {"choices": [ this is not json\n\n');
        return;
      }
      if (opts.chunkDelayMs) await sleep(opts.chunkDelayMs);
    }
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!.replace(/^\/v1/, '');
      let body: Record<string, unknown> | null = null;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> : null;
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      if (path === '/files/image.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(png);
        return;
      }
      if (opts.requireKey && req.headers.authorization !== `Bearer ${opts.requireKey}`) {
        send(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } });
        return;
      }
      if (opts.failure === 'hang') return; // never answers
      if (opts.failure === 'status-500') {
        send(res, 500, { error: { message: 'The server had an error while processing your request.' } });
        return;
      }
      if (opts.failure === 'status-401') {
        send(res, 401, { error: { message: 'Incorrect API key provided.' } });
        return;
      }
      if (path === '/models' && req.method === 'GET') {
        if (opts.models === null) send(res, 404, { error: { message: 'Not found' } });
        else send(res, 200, { object: 'list', data: (opts.models ?? ['fake-chat', 'fake-image', 'fake-embed']).map((id) => ({ id, object: 'model' })) });
        return;
      }
      if (path === '/chat/completions' && req.method === 'POST') {
        void chat(res, (body ?? {}) as ChatBody);
        return;
      }
      if (path === '/images/generations' && req.method === 'POST') {
        const n = Math.max(1, Math.min(4, Number(body?.n ?? 1)));
        const data = Array.from({ length: n }, () => (opts.imageAs === 'url'
          ? { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/files/image.png` }
          : { b64_json: png.toString('base64') }));
        send(res, 200, { created: Math.floor(Date.now() / 1000), data });
        return;
      }
      if (path === '/embeddings' && req.method === 'POST') {
        const input = body?.input;
        const texts = Array.isArray(input) ? input.map(String) : [String(input ?? '')];
        send(res, 200, { object: 'list', model: body?.model, data: texts.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t, opts.dimensions ?? 8) })) });
        return;
      }
      send(res, 404, { error: { message: `No route ${req.method} ${path}` } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setReply(reply) {
      if (typeof reply === 'string' || typeof reply === 'function') opts = { ...opts, reply };
      else opts = { ...opts, ...reply };
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
