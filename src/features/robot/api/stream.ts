// The client side of the AI area's streamed answers (issue 21 part C; docs/ai.md C "Streaming"):
// a fetch-based reader of server-sent events for a POST call (EventSource can only GET), carrying
// the tenant id and the sign-in token as src/api/client.ts does. Parts D and E reuse it.
// A refusal before the stream opens (not signed in, no credits, bad input) arrives as the usual
// envelope and rejects with the client's ApiError, its message and errorCode intact.
import { ApiError } from '../../../api/client';
import { getRegisterInfo, getTenantId } from '../../../lib/storage';

/** One event of the stream: its name and its JSON data. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface StreamOptions {
  /** Abort to stop: the fetch ends, the server sees the connection close. */
  signal?: AbortSignal;
  /** Called for each event, in order. */
  onEvent: (event: StreamEvent) => void;
}

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** Splits a buffer into complete frames; returns the frames and the unfinished rest. */
export function parseFrames(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (!data.length) continue;
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A non-JSON payload is passed on as its text.
    }
    events.push({ event, data: parsed });
  }
  return { events, rest };
}

/** The ApiError of a refusal answered before the stream opened (an envelope, or a bare status). */
async function refusal(response: Response): Promise<ApiError> {
  type Body = { message?: unknown; code?: unknown; flag?: unknown; errorCode?: unknown };
  const body: Body | null = await response.json().then((json: unknown) => (json && typeof json === 'object' ? json as Body : null), () => null);
  const message = typeof body?.message === 'string' && body.message ? body.message : `HTTP ${response.status}`;
  return new ApiError(message, {
    code: typeof body?.code === 'number' ? body.code : response.status,
    flag: typeof body?.flag === 'number' ? body.flag : null,
    errorCode: typeof body?.errorCode === 'string' ? body.errorCode : undefined,
    status: response.status,
  });
}

/**
 * POSTs `body` (tenantId added) to `url` and reads its event stream to the end. Resolves when the
 * stream ends; rejects with ApiError on a refusal, or with the AbortError when `signal` aborts.
 */
export async function postStream(url: string, body: Record<string, unknown>, opts: StreamOptions): Promise<void> {
  const tenantId = getTenantId();
  const token = tenantId === null ? undefined : getRegisterInfo(tenantId)?.token;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (token) headers.token = token;
  const response = await fetch(`${API_BASE}${url}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...(tenantId !== null && body.tenantId === undefined ? { tenantId } : {}), ...body }),
    signal: opts.signal,
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) throw await refusal(response);
  if (!response.body) throw new ApiError('The server opened no stream.', { code: 0, flag: null, status: response.status });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const { events, rest } = parseFrames(buffer);
    buffer = rest;
    for (const event of events) opts.onEvent(event);
  }
  const { events } = parseFrames(`${buffer}${decoder.decode()}\n\n`);
  for (const event of events) opts.onEvent(event);
}
