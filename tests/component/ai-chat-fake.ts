// The fake API of the AI chat's component tests (robot-talk, ai-chat): axios calls through an
// adapter, and the streamed answers (POST /cm/api/ai/chat/stream and retry) through a stubbed
// fetch that answers server-sent events made from the queued answers (issue 21 C).
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { AskResult, ConversationDetail, ConversationItem } from '../../src/features/robot/api/robot';

export type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const failure = (message: string) => ({ success: false, code: 500, flag: -1, message, data: null });

export const answer = (over: Partial<AskResult> = {}): AskResult => ({
  answer: '根据帮助文章《如何参加考试》：\n1. 进入考试列表。', source: 'retrieval', fallback: 'notConfigured', conversationId: null, conversationTitle: null,
  links: [
    { kind: 'help', id: 5, title: '如何参加考试', purpose: null },
    { kind: 'course', id: 7, title: '考试技巧精讲', purpose: null },
    { kind: 'content', id: 9, title: '考前复习清单', purpose: 2 },
    { kind: 'content', id: 10, title: '考试经验分享', purpose: 5 },
    { kind: 'exam', id: 3, title: '期末模拟考试', purpose: null },
  ],
  ...over,
});

export function fakeServer() {
  const state = {
    /** Answers to the next questions, in order; a string is a failure with that message. */
    answers: [] as (AskResult | string)[],
    /** When set, asks wait for it. */
    hold: null as Promise<void> | null,
    /** When true, a streamed answer sends its pieces and then stays open until stopped. */
    hang: false,
    /** A refusal before the stream (an envelope), e.g. credits run out; used once. */
    refuse: null as { message: string; errorCode: string } | null,
    /** Signed in: meta carries a cost and a balance. */
    balance: 49,
    conversations: [] as ConversationItem[],
    details: new Map<number, ConversationDetail>(),
    requests: [] as { method: string; url: string; params: Row; body: Row; query: string }[],
  };
  const answerOf = async (url: string, params: Row, body: Row): Promise<unknown> => {
    switch (url) {
      case '/cm/api/content/search':
        return ok({ list: [{ id: 5, title: '如何参加考试' }, { id: 6, title: '证书在哪里查看' }], total: 2, pageNo: 1, pageSize: Number(params.pageSize) });
      case '/cm/api/robot/ask': {
        if (state.hold) await state.hold;
        const next = state.answers.shift() ?? answer();
        return typeof next === 'string' ? failure(next) : ok(next);
      }
      case '/cm/api/robot/searchByUser': {
        const list = state.conversations.filter((c) => !params.title || c.title.includes(String(params.title)));
        return ok({ list, total: list.length, pageNo: 1, pageSize: 20 });
      }
      case '/cm/api/robot/detail': {
        const found = state.details.get(Number(params.id));
        return found ? ok(found) : { success: false, code: 404, flag: -1, message: 'gone', data: null, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' };
      }
      case '/cm/api/ai/chat/feedback': return ok(true);
      case '/cm/api/ai/chat/rename': {
        const c = state.conversations.find((x) => x.id === Number(body.id));
        if (c) c.title = String(body.title);
        return ok(true);
      }
      case '/cm/api/robot/delConversation':
        state.conversations = state.conversations.filter((c) => c.id !== Number(body.id));
        state.details.delete(Number(body.id));
        return ok(true);
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const params = (config.params ?? {}) as Row;
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row;
    const url = (config.url ?? '').split('?')[0]!;
    state.requests.push({ method, url, params, body, query: (config.url ?? '').split('?')[1] ?? '' });
    return { data: await answerOf(url, params, body), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  let asked = 0;
  const encoder = new TextEncoder();
  /** The stubbed fetch: SSE for the streaming calls, an envelope when refused. */
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input).split('?')[0]!;
    const body = JSON.parse(String(init.body ?? '{}')) as Row;
    state.requests.push({ method: 'POST', url, params: {}, body, query: '' });
    if (state.hold) await state.hold;
    const envelope = (data: unknown) => new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
    if (state.refuse) {
      const refusal = state.refuse;
      state.refuse = null;
      return envelope({ success: false, code: 402, flag: -1, message: refusal.message, data: null, errorCode: refusal.errorCode });
    }
    const next = state.answers.shift() ?? answer();
    if (typeof next === 'string') return envelope(failure(next));
    asked += 1;
    const signedIn = !!(init.headers as Record<string, string> | undefined)?.token;
    const conversationId = signedIn ? (next.conversationId ?? (Number(body.conversationId) || null)) : null;
    const meta = {
      conversationId, conversationTitle: next.conversationTitle, questionId: signedIn ? 100 + asked : null, answerId: signedIn ? 200 + asked : null,
      cost: signedIn ? 1 : null, balance: signedIn ? (state.balance -= 1) : null, provider: next.source === 'provider' ? 'openai' : 'offline',
      version: url.endsWith('/retry') ? 2 : 1,
    };
    const pieces = Array.from(next.answer).reduce<string[]>((out, ch, i) => (i % 4 ? (out[out.length - 1] += ch, out) : [...out, ch]), []);
    const frames: [string, unknown][] = [['meta', meta], ...pieces.map((text) => ['delta', { text }] as [string, unknown])];
    if (!state.hang) frames.push(['links', { links: next.links }], ['done', { state: 'complete', answerId: meta.answerId }]);
    const signal = init.signal;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const [event, data] of frames) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        if (!state.hang) controller.close();
        else signal?.addEventListener('abort', () => controller.error(new DOMException('The user aborted a request.', 'AbortError')));
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  };
  return { state, adapter, fetch };
}

