// One message of the chat (issue 21 C; docs/ai.md C): the learner's question, or an answer that
// renders as it streams (paragraphs, the links as chips under it), says when it was stopped or
// failed, and offers copy, 重新生成 (the last answer), 👍/👎 with an optional reason, and the earlier
// versions a retry kept (第 2/2 次回答 with arrows).
import { App, Avatar, Button, Input, Space, Spin, Tooltip, message as staticMessage } from 'antd';
import { CopyOutlined, DislikeFilled, DislikeOutlined, LeftOutlined, LikeFilled, LikeOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { RobotLink, RobotMessage } from '../api/robot';
import { AnswerLinks } from './answer-links';
import { useRobotTexts } from './robot-texts';
import { copyText } from './copy-text';

/** A message on screen: stored, or asked in this page. */
export interface ChatMessage {
  key: string;
  /** The server's message id (null for guests and until `meta` arrives). */
  id: number | null;
  role: 'user' | 'assistant';
  text: string;
  links: RobotLink[];
  source: RobotMessage['source'];
  fallback: RobotMessage['fallback'];
  state: RobotMessage['state'];
  /** Still arriving. */
  streaming?: boolean;
  /** Why the answer failed, in words. */
  error?: string | null;
  feedback: RobotMessage['feedback'];
  previous: RobotMessage['previous'];
}

export const fromStored = (m: RobotMessage): ChatMessage => ({
  key: `m${m.id}`, id: m.id, role: m.role, text: m.text, links: m.links, source: m.source, fallback: m.fallback,
  state: m.state, feedback: m.feedback, previous: m.previous,
});


/** Paragraphs of plain text (blank-line or line separated). */
function Paragraphs({ text }: { text: string }) {
  const parts = text.split(/\n+/).filter((p) => p.trim());
  return <>{parts.map((p, i) => <p key={i}>{p}</p>)}</>;
}

export interface BubbleProps {
  message: ChatMessage;
  /** Offered on the last answer when nothing is streaming. */
  onRetry?: (() => void) | undefined;
  /** Offered when the answer is kept (signed in, with an id). */
  onRate?: ((value: 'up' | 'down' | null, reason?: string) => Promise<void>) | undefined;
}

export function Bubble({ message, onRetry, onRate }: BubbleProps) {
  const t = useRobotTexts();
  const { message: toast } = App.useApp();
  const mine = message.role === 'user';
  // Which version is shown: previous[0..n-1], then the current one (n).
  const total = message.previous.length + 1;
  const [shown, setShown] = useState<number | null>(null);
  const index = shown ?? total - 1;
  const current = index === total - 1;
  const version = current ? message : { ...message.previous[index]!, streaming: false, error: null };
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const say = (kind: 'success' | 'error', text: string) => void (toast[kind] ?? staticMessage[kind])(text);

  const copy = async () => {
    if (await copyText(version.text)) say('success', t('copied'));
    else say('error', t('copyFailed'));
  };
  const rate = async (value: 'up' | 'down' | null, why?: string) => {
    if (!onRate) return;
    try {
      await onRate(value, why);
      if (value) say('success', t('feedbackThanks'));
    } catch (e) {
      say('error', e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <li className={`robot-msg robot-msg--${message.role}`} data-testid="robot-message" data-role={message.role} data-state={mine ? undefined : version.state}>
      <Avatar className="robot-msg__avatar" aria-hidden="true">{mine ? t('you') : 'AI'}</Avatar>
      <div className="robot-msg__bubble">
        <span className="robot-sr-only">{mine ? t('you') : t('robot')}：</span>
        <div className="robot-msg__text" data-testid={mine ? undefined : 'robot-answer-text'}>
          {version.text ? <Paragraphs text={version.text} /> : null}
          {message.streaming && current && <span className="robot-msg__writing"><Spin size="small" /> {t('writing')}</span>}
        </div>
        {!mine && !message.streaming && <AnswerLinks links={version.links} />}
        {!mine && !message.streaming && version.state === 'stopped' && <p className="robot-msg__note" data-testid="robot-stopped">{t('stopped')}</p>}
        {!mine && !message.streaming && version.state === 'failed' && current && (
          <p className="robot-msg__note robot-msg__note--error" data-testid="robot-answer-error">{message.error ?? t('failedAnswer')}</p>
        )}
        {!mine && message.fallback && <p className="robot-msg__note" data-testid="robot-fallback">{t(`fallback_${message.fallback}`)}</p>}
        {!mine && !message.streaming && message.source === 'provider' && <p className="robot-msg__note">{t('source_provider')}</p>}
        {!mine && !message.streaming && (
          <div className="robot-msg__actions">
            {total > 1 && (
              <Space size={2} className="robot-msg__versions">
                <Button type="text" size="small" icon={<LeftOutlined />} aria-label={t('prevVersion')} disabled={index === 0} onClick={() => setShown(index - 1)} />
                <span data-testid="robot-version">{t('version', { n: index + 1, total })}</span>
                <Button type="text" size="small" icon={<RightOutlined />} aria-label={t('nextVersion')} disabled={current} onClick={() => setShown(index + 1)} />
              </Space>
            )}
            {!!version.text && (
              <Tooltip title={t('copy')}><Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('copy')} onClick={() => void copy()} data-testid="robot-copy" /></Tooltip>
            )}
            {onRetry && current && (
              <Tooltip title={t('regenerate')}><Button type="text" size="small" icon={<ReloadOutlined />} aria-label={t('regenerate')} onClick={onRetry} data-testid="robot-regenerate" /></Tooltip>
            )}
            {onRate && current && message.id !== null && (
              <>
                <Tooltip title={t('like')}>
                  <Button
                    type="text" size="small" aria-label={t('like')} aria-pressed={message.feedback === 'up'} data-testid="robot-like"
                    icon={message.feedback === 'up' ? <LikeFilled /> : <LikeOutlined />} onClick={() => void rate(message.feedback === 'up' ? null : 'up')}
                  />
                </Tooltip>
                <Tooltip title={t('dislike')}>
                  <Button
                    type="text" size="small" aria-label={t('dislike')} aria-pressed={message.feedback === 'down'} data-testid="robot-dislike"
                    icon={message.feedback === 'down' ? <DislikeFilled /> : <DislikeOutlined />}
                    onClick={() => {
                      if (message.feedback === 'down') return void rate(null);
                      setAsking(true);
                      void rate('down');
                    }}
                  />
                </Tooltip>
              </>
            )}
          </div>
        )}
        {asking && message.feedback === 'down' && (
          <form
            className="robot-msg__reason"
            onSubmit={(e) => {
              e.preventDefault();
              setAsking(false);
              void rate('down', reason.trim());
            }}
          >
            <label htmlFor={`reason-${message.key}`}>{t('reasonLabel')}</label>
            <Space.Compact style={{ width: '100%' }}>
              <Input id={`reason-${message.key}`} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('reasonPlaceholder')} />
              <Button htmlType="submit">{t('sendReason')}</Button>
            </Space.Compact>
          </form>
        )}
      </div>
    </li>
  );
}
