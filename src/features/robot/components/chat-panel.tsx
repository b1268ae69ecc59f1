// The chat of /robot/talk/{id?} (spec learning §2 "AI area"): the messages, suggested questions
// from the tenant's help titles, and the input (Enter sends, Shift+Enter adds a line). While a
// question is out the input keeps it and shows the loading state; a failure leaves it in the box
// with the reason and a retry, so nothing typed is lost.
import { Alert, Avatar, Button, Input, Skeleton, Spin } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { MAX_QUESTION, questionLength, useAsk, useSuggestions, type AskResult, type RobotLink, type RobotMessage } from '../api/robot';
import { AnswerLinks } from './answer-links';
import { useRobotTexts } from './robot-texts';

/** A message on screen: stored, or asked in this page. */
export interface ChatMessage {
  key: string;
  role: 'user' | 'assistant';
  text: string;
  links: RobotLink[];
  source: RobotMessage['source'];
  fallback: RobotMessage['fallback'];
}

export const fromStored = (m: RobotMessage): ChatMessage => ({ key: `m${m.id}`, role: m.role, text: m.text, links: m.links, source: m.source, fallback: m.fallback });

function Bubble({ message }: { message: ChatMessage }) {
  const t = useRobotTexts();
  const mine = message.role === 'user';
  return (
    <li className={`robot-msg robot-msg--${message.role}`} data-testid="robot-message" data-role={message.role}>
      <Avatar className="robot-msg__avatar" aria-hidden="true">{mine ? t('you') : 'AI'}</Avatar>
      <div className="robot-msg__bubble">
        <span className="robot-sr-only">{mine ? t('you') : t('robot')}：</span>
        <div className="robot-msg__text">{message.text}</div>
        {!mine && <AnswerLinks links={message.links} />}
        {!mine && message.fallback && <p className="robot-msg__note" data-testid="robot-fallback">{t(`fallback_${message.fallback}`)}</p>}
        {!mine && message.source === 'provider' && <p className="robot-msg__note">{t('source_provider')}</p>}
      </div>
    </li>
  );
}

export interface ChatPanelProps {
  /** The conversation the answers go to (signed in); null starts a new one. */
  conversationId: number | null;
  /** Messages already in the conversation. */
  initial: ChatMessage[];
  /** A new conversation was started by the first answer. */
  onStarted?: (result: AskResult) => void;
}

/** The chat: messages, suggestions while empty, and the input. */
export function ChatPanel({ conversationId, initial, onStarted }: ChatPanelProps) {
  const t = useRobotTexts();
  const { i18n } = useTranslation();
  const [messages, setMessages] = useState<ChatMessage[]>(initial);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ask = useAsk();
  const suggestions = useSuggestions();
  const endRef = useRef<HTMLDivElement>(null);
  const counter = useRef(0);

  useEffect(() => setMessages(initial), [initial]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, ask.isPending]);

  const tooLong = questionLength(draft) > MAX_QUESTION;

  const send = (text: string) => {
    const question = text.trim();
    if (!question || ask.isPending) return;
    if (questionLength(question) > MAX_QUESTION) {
      setError(t('tooLong', { max: MAX_QUESTION }));
      return;
    }
    setError(null);
    setDraft(text);
    const key = `local${(counter.current += 1)}`;
    ask.mutate({ question, conversationId, lang: i18n.language === 'en' ? 'en' : 'zh' }, {
      onSuccess: (result) => {
        setDraft('');
        setMessages((list) => [
          ...list,
          { key: `${key}q`, role: 'user', text: question, links: [], source: null, fallback: null },
          { key: `${key}a`, role: 'assistant', text: result.answer, links: result.links, source: result.source, fallback: result.fallback },
        ]);
        if (result.conversationId !== null && result.conversationId !== conversationId) onStarted?.(result);
      },
      // The question stays in the box; the reason and a retry show above it.
      onError: (e) => setError(t('failed', { message: e instanceof ApiError || e instanceof Error ? e.message : String(e) })),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send(draft);
  };

  const pendingQuestion = ask.isPending ? ask.variables?.question : undefined;
  return (
    <section className="robot-chat" aria-label={t('title')} data-testid="robot-chat">
      <div className="robot-chat__scroll" aria-live="polite">
        {!messages.length && !pendingQuestion && (
          <div className="robot-chat__welcome" data-testid="robot-welcome">
            <h2>{t('welcome')}</h2>
            <p>{t('welcomeHint')}</p>
            {suggestions.isPending && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
            {!!suggestions.data?.length && (
              <div className="robot-chat__suggest">
                <p>{t('suggestions')}</p>
                <ul>
                  {suggestions.data.map((s) => (
                    <li key={s}><Button data-testid="robot-suggestion" onClick={() => send(s)}>{s}</Button></li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
        <ol className="robot-chat__list">
          {messages.map((m) => <Bubble key={m.key} message={m} />)}
          {pendingQuestion && (
            <>
              <Bubble message={{ key: 'pending-q', role: 'user', text: pendingQuestion, links: [], source: null, fallback: null }} />
              <li className="robot-msg robot-msg--assistant" data-testid="robot-thinking">
                <Avatar className="robot-msg__avatar" aria-hidden="true">AI</Avatar>
                <div className="robot-msg__bubble"><Spin size="small" /> {t('thinking')}</div>
              </li>
            </>
          )}
        </ol>
        <div ref={endRef} />
      </div>
      <div className="robot-chat__input">
        {error && (
          <Alert
            type="error" showIcon title={error} data-testid="robot-error" className="robot-chat__error"
            action={<Button size="small" onClick={() => send(draft)} disabled={!draft.trim()}>{t('retry')}</Button>}
          />
        )}
        <Input.TextArea
          value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown}
          placeholder={t('placeholder')} aria-label={t('inputLabel')} autoSize={{ minRows: 2, maxRows: 6 }}
          disabled={ask.isPending} status={tooLong ? 'error' : ''} data-testid="robot-input"
        />
        <div className="robot-chat__bar">
          <span className={`robot-chat__count${tooLong ? ' robot-chat__count--over' : ''}`} aria-live="polite">
            {tooLong ? t('tooLong', { max: MAX_QUESTION }) : `${questionLength(draft)}/${MAX_QUESTION}`}
          </span>
          <Button type="primary" onClick={() => send(draft)} loading={ask.isPending} disabled={!draft.trim() || tooLong} data-testid="robot-send">
            {t('send')}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The chat while a stored conversation loads. */
export function ChatSkeleton() {
  return <div className="robot-chat robot-chat--loading"><Skeleton active avatar paragraph={{ rows: 4 }} /></div>;
}
