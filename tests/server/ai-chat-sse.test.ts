// server/lib/ai/sse.ts (issue 21 C; docs/ai.md C "Streaming"), which parts C, D and E stream
// through: the headers, event frames in order, the heartbeat comment, a clean end, and the signal
// aborting when the client goes away (the stop button).
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openSse, sseFrame, type SseStream } from '../../server/lib/ai/sse';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A server with one streaming route; `run` drives the stream. */
async function serve(run: (sse: SseStream) => Promise<void>, heartbeatMs?: number): Promise<string> {
  app = Fastify();
  app.post('/s', async (req, reply) => {
    const sse = openSse(req, reply, heartbeatMs ? { heartbeatMs } : {});
    await run(sse);
    return reply;
  });
  return app.listen({ port: 0, host: '127.0.0.1' });
}

describe('openSse', () => {
  it('answers text/event-stream with frames in order, a heartbeat comment while idle, and ends cleanly', async () => {
    const base = await serve(async (sse) => {
      sse.send('meta', { a: 1 });
      await new Promise((r) => setTimeout(r, 80));
      sse.send('delta', { text: '你好' });
      sse.end();
      sse.end();
      expect(sse.send('late', {})).toBe(false);
    }, 20);
    const res = await fetch(`${base}/s`, { method: 'POST' });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const body = await res.text();
    expect(body.indexOf(sseFrame('meta', { a: 1 }))).toBeLessThan(body.indexOf(sseFrame('delta', { text: '你好' })));
    expect(body).toContain(': ping\n\n');
    expect(body).not.toContain('late');
  });

  it('aborts its signal when the client closes the connection', async () => {
    let aborted: Promise<boolean> = Promise.resolve(false);
    const base = await serve(async (sse) => {
      sse.send('meta', {});
      aborted = new Promise((resolve) => {
        sse.signal.addEventListener('abort', () => resolve(true));
        setTimeout(() => resolve(false), 3000);
      });
      await aborted;
      expect(sse.closed).toBe(true);
      sse.end();
    });
    const controller = new AbortController();
    const res = await fetch(`${base}/s`, { method: 'POST', signal: controller.signal });
    await res.body!.getReader().read();
    controller.abort();
    await new Promise((r) => setTimeout(r, 50));
    expect(await aborted).toBe(true);
  });
});
