// The chat of /robot/talk/{id?} (spec learning §2 "AI area"; issue 21 C, docs/ai.md C): the
// messages, suggested questions, and the input (Enter sends, Shift+Enter adds a line, Esc stops).
// The answer streams in (POST /cm/api/ai/chat/stream through api/stream.ts) with a stop button;
// a refusal (limits, credits) leaves the question in the box with the reason; the finished answer
// is announced politely once, not piece by piece.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Skeleton } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { MAX_QUESTION, questionLength, rateAnswer, useSuggestions, type ChatMeta, type RobotLink } from '../api/robot';
import { postStream, type StreamEvent } from '../api/stream';
import { Bubble, type ChatMessage } from './chat-message';
import { CreditsCost, CreditsExhausted } from './credits-cost';
import { useRobotTexts } from './robot-texts';

export { fromStored, type ChatMessage } from './chat-message';

export interface ChatPanelProps {
  /** The conversation the answers go to (signed in); null starts a new one. */
  conversationId: number | null;
  /** Messages already in the conversation. */
  initial: ChatMessage[];
  /** A new conversation starts with this assistant (/robot/talk?assistant=ID). */
  assistantId?: number | null;
  /** A new conversation was started by the first answer. */
  onStarted?: (meta: ChatMeta) => void;
  /** The question the input starts with (/robot/talk?q=…, an assistant's example question); not sent until the learner sends it. */
  initialDraft?: string;
}

const blankAnswer = (key: string): ChatMessage => ({
  key, id: null, role: 'assistant', text: '', links: [], source: null, fallback: null, state: 'complete', streaming: true, feedback: null, previous: [],
});

/** The chat: messages, suggestions while empty, the cost line and the input. */
export function ChatPanel({ conversationId, initial, assistantId = null, onStarted, initialDraft = '' }: ChatPanelProps) {
  const t = useRobotTexts();
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const signedIn = useUserStore(selectSignedIn);
  const [messages, setMessages] = useState<ChatMessage[]>(initial);
  const [draft, setDraft] = useState(initialDraft);
  const [error, setError] = useState<{ text: string; credits: boolean } | null>(null);
  const [streaming, setStreaming] = useState(false);
  const [cost, setCost] = useState<{ cost: number; balance: number } | null>(null);
  const [announce, setAnnounce] = useState('');
  const [conversation, setConversation] = useState<number | null>(conversationId);
  const suggestions = useSuggestions();
  const client = useQueryClient();
  const endRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const counter = useRef(0);

  useEffect(() => setMessages(initial), [initial]);
  useEffect(() => setConversation(conversationId), [conversationId]);
  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  const patch = (key: string, change: (m: ChatMessage) => Partial<ChatMessage>) =>
    setMessages((list) => list.map((m) => (m.key === key ? { ...m, ...change(m) } : m)));

  /** Streams into the answer `key`; resolves true when an answer came (or was stopped), false when refused. */
  const run = async (url: string, body: Record<string, unknown>, key: string): Promise<boolean> => {
    const controller = new AbortController();
    abortRef.current = controller;
    setStreaming(true);
    setError(null);
    let started: ChatMeta | null = null;
    let written = '';
    const onEvent = ({ event, data }: StreamEvent) => {
      const d = data as Record<string, unknown>;
      if (event === 'meta') {
        started = d as unknown as ChatMeta;
        patch(key, () => ({ id: started!.answerId, source: started!.provider === 'openai' ? 'provider' : 'retrieval' }));
        if (started.cost !== null && started.balance !== null) setCost({ cost: started.cost, balance: started.balance });
      } else if (event === 'delta') {
        const piece = String(d.text ?? '');
        written += piece;
        patch(key, (m) => ({ text: m.text + piece }));
      } else if (event === 'links') {
        patch(key, () => ({ links: (d.links ?? []) as RobotLink[] }));
      } else if (event === 'error') {
        patch(key, () => ({ error: String(d.message ?? '') }));
      } else if (event === 'done') {
        patch(key, () => ({ state: d.state as ChatMessage['state'], streaming: false }));
      }
    };
    try {
      await postStream(url, body, { signal: controller.signal, onEvent });
      patch(key, (m) => ({ streaming: false, state: m.streaming ? 'failed' : m.state }));
      return true;
    } catch (e) {
      if (controller.signal.aborted) {
        // spec (issue 21 C): a stopped answer is kept and shown as stopped (the server saves it so too).
        patch(key, () => ({ streaming: false, state: 'stopped' }));
        return true;
      }
      const credits = e instanceof ApiError && e.errorCode === 'AI_CREDITS_EXHAUSTED';
      setError({ text: credits ? (e as ApiError).message : t('failed', { message: e instanceof Error ? e.message : String(e) }), credits });
      return false;
    } finally {
      abortRef.current = null;
      setStreaming(false);
      if (written) setAnnounce(written);
      // A kept answer moves its conversation to the top of my list (and a new one joins it).
      if ((started as ChatMeta | null)?.conversationId) void client.invalidateQueries({ queryKey: ['robot', 'conversations'] });
      const meta = started as ChatMeta | null;
      if (meta?.conversationId && meta.conversationId !== conversation) {
        setConversation(meta.conversationId);
        onStarted?.(meta);
      }
    }
  };

  const send = async (text: string) => {
    const question = text.trim();
    if (!question || streaming) return;
    if (questionLength(question) > MAX_QUESTION) {
      setError({ text: t('tooLong', { max: MAX_QUESTION }), credits: false });
      return;
    }
    const key = `local${(counter.current += 1)}`;
    setDraft('');
    setMessages((list) => [...list, { ...blankAnswer(`${key}q`), role: 'user', text: question, streaming: false }, blankAnswer(`${key}a`)]);
    const ok = await run('/cm/api/ai/chat/stream', { question, conversationId: conversation, assistantId: conversation ? null : assistantId, lang }, `${key}a`);
    if (!ok) {
      // Refused before anything was kept: the question goes back into the box, nothing is lost.
      setMessages((list) => list.filter((m) => m.key !== `${key}q` && m.key !== `${key}a`));
      setDraft(text);
    }
  };

  const retry = (answer: ChatMessage, question: string) => {
    const keep = { text: answer.text, links: answer.links, state: answer.state, createdAt: new Date().toISOString() };
    patch(answer.key, (m) => ({ ...blankAnswer(m.key), id: m.id, previous: [...m.previous, keep] }));
    // Signed in: the server replaces the kept answer; a guest's answer is simply asked again.
    const body = conversation ? { conversationId: conversation, lang } : { question, lang };
    void run(conversation ? '/cm/api/ai/chat/retry' : '/cm/api/ai/chat/stream', body, answer.key).then((ok) => {
      if (!ok) patch(answer.key, (m) => ({ ...keep, streaming: false, previous: m.previous.slice(0, -1) }));
    });
  };

  const stop = () => abortRef.current?.abort();

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && streaming) {
      event.preventDefault();
      stop();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send(draft);
  };

  // Esc stops wherever the focus is (the stop button has it while streaming, for example).
  useEffect(() => {
    if (!streaming) return undefined;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [streaming]);

  const lastAnswer = [...messages].reverse().find((m) => m.role === 'assistant');
  const tooLong = questionLength(draft) > MAX_QUESTION;
  return (
    <section className="robot-chat" aria-label={t('title')} data-testid="robot-chat">
      <div className="robot-chat__scroll">
        {!messages.length && (
          <div className="robot-chat__welcome" data-testid="robot-welcome">
            <h2>{t('welcome')}</h2>
            <p>{t('welcomeHint')}</p>
            {suggestions.isPending && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
            {!!suggestions.data?.length && (
              <div className="robot-chat__suggest">
                <p>{t('suggestions')}</p>
                <ul>
                  {suggestions.data.map((s) => (
                    <li key={s}><Button data-testid="robot-suggestion" onClick={() => void send(s)}>{s}</Button></li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
        <ol className="robot-chat__list">
          {messages.map((m, i) => {
            const question = messages.slice(0, i).reverse().find((q) => q.role === 'user')?.text ?? '';
            return (
              <Bubble
                key={m.key} message={m}
                onRetry={m === lastAnswer && !streaming && question ? () => retry(m, question) : undefined}
                onRate={signedIn && m.id !== null ? async (value, reason) => {
                  await rateAnswer({ messageId: m.id!, value, reason: reason ?? null });
                  patch(m.key, () => ({ feedback: value }));
                } : undefined}
              />
            );
          })}
        </ol>
        <div ref={endRef} />
      </div>
      {/* spec (issue 21 C): the finished answer is announced once, politely, not each piece. */}
      <div className="robot-sr-only" aria-live="polite" data-testid="robot-announce">{streaming ? '' : announce}</div>
      <div className="robot-chat__input">
        {error && (error.credits ? <CreditsExhausted message={error.text} /> : (
          <Alert
            type="error" showIcon title={error.text} data-testid="robot-error" className="robot-chat__error"
            action={<Button size="small" onClick={() => void send(draft)} disabled={!draft.trim()}>{t('retry')}</Button>}
          />
        ))}
        <Input.TextArea
          value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown}
          placeholder={t('placeholder')} aria-label={t('inputLabel')} autoSize={{ minRows: 2, maxRows: 6 }}
          status={tooLong ? 'error' : ''} data-testid="robot-input"
        />
        <div className="robot-chat__bar">
          <span className={`robot-chat__count${tooLong ? ' robot-chat__count--over' : ''}`}>
            {tooLong ? t('tooLong', { max: MAX_QUESTION }) : `${questionLength(draft)}/${MAX_QUESTION}`}
          </span>
          <span className="robot-chat__cost" data-testid="robot-cost">
            {cost ? (cost.cost ? t('costUsed', cost) : t('costFreeUsed', cost)) : <CreditsCost use="answer" />}
          </span>
          {streaming ? (
            <Button onClick={stop} data-testid="robot-stop" title={t('stopHint')}>{t('stop')}</Button>
          ) : (
            <Button type="primary" onClick={() => void send(draft)} disabled={!draft.trim() || tooLong} data-testid="robot-send">
              {t('send')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** The chat while a stored conversation loads. */
export function ChatSkeleton() {
  return <div className="robot-chat robot-chat--loading"><Skeleton active avatar paragraph={{ rows: 4 }} /></div>;
}
