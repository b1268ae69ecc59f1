// Server-sent events for the AI area's streamed answers (issue 21 part C; docs/ai.md C "Streaming").
// A route does every check that may refuse (sign-in, input, limits, credits) first, so refusals
// stay ordinary envelopes; then `openSse` takes the raw reply over and the route sends events.
// Reused by parts D and E: `const sse = openSse(req, reply); sse.send('delta', { text }); sse.end();`
// `sse.signal` aborts when the client goes away (the learner pressed stop or closed the tab), which
// the route passes on to the provider.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line every this often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

export interface SseStream {
  /** Writes one `event:`/`data:` frame (data as JSON); false when the client is gone. */
  send(event: string, data: unknown): boolean;
  /** Aborted when the client closes the connection before `end`. */
  readonly signal: AbortSignal;
  /** True once the client went away or `end` was called. */
  readonly closed: boolean;
  /** Ends the stream cleanly (stops the heartbeat); safe to call twice. */
  end(): void;
}

/** The headers of an event stream: no caching or transforming, and no buffering in nginx-like proxies. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** One frame; a multi-line payload is one `data:` line per line (JSON has none, but be safe). */
export function sseFrame(event: string, data: unknown): string {
  const json = JSON.stringify(data) ?? 'null';
  return `event: ${event}\n${json.split('\n').map((line) => `data: ${line}`).join('\n')}\n\n`;
}

/** Takes the reply over and opens the stream (status 200, the SSE headers, written at once). */
export function openSse(req: FastifyRequest, reply: FastifyReply, opts: { heartbeatMs?: number } = {}): SseStream {
  reply.hijack();
  const raw = reply.raw;
  const controller = new AbortController();
  let ended = false;
  raw.writeHead(200, SSE_HEADERS);
  // A first comment flushes the headers, so the client sees the stream open before the first event.
  raw.write(': open\n\n');
  const heartbeat = setInterval(() => {
    if (!ended && !raw.destroyed) raw.write(': ping\n\n');
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  const gone = () => {
    clearInterval(heartbeat);
    if (!ended) {
      ended = true;
      controller.abort(new DOMException('The client closed the stream.', 'AbortError'));
    }
  };
  raw.on('close', gone);
  req.raw.on('aborted', gone);
  return {
    signal: controller.signal,
    get closed() { return ended || raw.destroyed; },
    send(event, data) {
      if (ended || raw.destroyed || raw.writableEnded) return false;
      raw.write(sseFrame(event, data));
      return true;
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      raw.off('close', gone);
      if (!raw.writableEnded) raw.end();
    },
  };
}
