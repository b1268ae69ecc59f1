// /robot/digital_human (spec learning §2 "AI area"; issue 21 part F, docs/ai.md F): a presenter
// reads a text aloud: a course's or an item's description picked from the site, or pasted text. The
// browser's speechSynthesis voices (zh and en) read it; the SVG presenter blinks and moves its mouth
// with the voice's boundary events, the sentence being read is highlighted, and the learner pauses,
// resumes, stops and changes the speed. A browser without voices is told so plainly; under
// prefers-reduced-motion the presenter stays still and only the highlight moves.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Slider, Space } from 'antd';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { searchContents, searchCourses, type ContentItem, type CourseItem } from '../../../api/catalogue';
import { useAppLanguage } from '../../../i18n/texts';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { useAppStore } from '../../../stores/app-store';
import { useRefreshCredits, useSpeechCapability } from '../api/credits';
import { CreditsCost, CreditsExhausted } from '../components/credits-cost';
import { useAiSpeaker } from '../components/digital-human-ai-voice';
import { DigitalHumanAvatar } from '../components/digital-human-avatar';
import { splitSentences, useSpeaker, useVoices } from '../components/digital-human-speech';
import { useDigitalHumanTexts } from '../components/digital-human-texts';
import '../components/digital-human.css';

/** The longest text the presenter reads, in characters. */
export const MAX_TEXT = 5000;
/** The longest text the AI voice reads at once (server MAX_SPEECH_TEXT). */
export const MAX_AI_TEXT = 2000;
/** The voice select's value for the tenant's TTS model. */
const AI_VOICE = '__ai__';
const SPEEDS = { min: 0.5, max: 2, step: 0.25 };

type Pick = { kind: 'course'; item: CourseItem } | { kind: 'content'; item: ContentItem };

/** What the presenter reads for a picked item: its title and description. */
export function textOf(pick: Pick, english: boolean): string {
  const { title, summary } = pick.item;
  const head = english ? `${title}.` : `${title}。`;
  let body = summary?.trim() ?? '';
  if (pick.kind === 'course') {
    const c = pick.item;
    const facts = english
      ? ` This course has ${c.chapterCount} chapters and ${c.lessonCount} lessons${c.teacherName ? `, taught by ${c.teacherName}` : ''}.`
      : `本课程共 ${c.chapterCount} 章 ${c.lessonCount} 节${c.teacherName ? `，由${c.teacherName}讲授` : ''}。`;
    body = `${body}${body && !/[。.!！?？]$/.test(body) ? (english ? '.' : '。') : ''}${facts}`;
  }
  return `${head}${english ? ' ' : ''}${body}`.trim();
}

const reducedQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null);
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const q = reducedQuery();
      q?.addEventListener('change', onChange);
      return () => q?.removeEventListener('change', onChange);
    },
    () => reducedQuery()?.matches ?? false,
    () => false,
  );
}

function Picker({ onPick }: { onPick: (pick: Pick) => void }) {
  const t = useDigitalHumanTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const [search, setSearch] = useState('');
  const [value, setValue] = useState<string | null>(null);
  const words = search.trim();
  const found = useQuery({
    queryKey: ['digital-human', 'pick', tenantId, words],
    queryFn: async ({ signal }) => {
      const q = { pageNo: 1, pageSize: 8, ...(words ? { searchValue: words } : {}) };
      const [courses, contents] = await Promise.all([searchCourses(q, signal), searchContents(q, signal)]);
      return [...courses.list.map((item) => ({ kind: 'course' as const, item })), ...contents.list.map((item) => ({ kind: 'content' as const, item }))];
    },
  });
  const picks = found.data ?? [];
  return (
    <div className="dh-field">
      <label htmlFor="dh-pick">{t('pick')}</label>
      <Select
        id="dh-pick" showSearch allowClear value={value} placeholder={t('pickPlaceholder')} filterOption={false} loading={found.isFetching}
        onSearch={setSearch} notFoundContent={found.isError ? t('loadFailed', { message: found.error.message }) : t('pickEmpty')}
        options={picks.map((p) => ({ value: `${p.kind}:${p.item.id}`, label: `${t(`kind_${p.kind}`)} · ${p.item.title}` }))}
        onChange={(v: string | null) => {
          setValue(v);
          const pick = picks.find((p) => `${p.kind}:${p.item.id}` === v);
          if (pick) onPick(pick);
        }}
        data-testid="dh-pick"
      />
    </div>
  );
}

export default function DigitalHumanPage() {
  const t = useDigitalHumanTexts();
  const english = useAppLanguage().startsWith('en');
  const [text, setText] = useState('');
  const [voiceUri, setVoiceUri] = useState<string | null>(null);
  const [rate, setRate] = useState(1);
  const [warning, setWarning] = useState<string | null>(null);
  const reduced = useReducedMotion();
  const { supported, voices } = useVoices();
  const signedIn = useUserStore(selectSignedIn);
  const capability = useSpeechCapability();
  const aiAvailable = signedIn && capability.data?.tts === true;
  const ai = aiAvailable && voiceUri === AI_VOICE;
  const voice = voices.find((v) => v.voiceURI === voiceUri) ?? null;
  const sentences = useMemo(() => splitSentences(text), [text]);
  const browserSpeaker = useSpeaker(text, sentences, ai ? null : voice, rate);
  const refreshCredits = useRefreshCredits();
  const aiSpeaker = useAiSpeaker(text, sentences, rate, english ? 'en' : 'zh', refreshCredits);
  const speaker = ai ? { ...aiSpeaker, mouthOpen: false, failed: false } : { ...browserSpeaker, error: null };
  const currentRef = useRef<HTMLSpanElement>(null);
  const length = [...text].length;

  // A different text stops the reading of the old one.
  const { stop } = browserSpeaker;
  const { stop: stopAi } = aiSpeaker;
  useEffect(() => {
    stop();
    stopAi();
  }, [text, stop, stopAi]);
  // A block body: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    void currentRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [speaker.current]);

  const start = () => {
    if (!text.trim()) return setWarning(t('empty'));
    if (length > (ai ? MAX_AI_TEXT : MAX_TEXT)) return setWarning(t(ai ? 'tooLongAi' : 'tooLong', { n: length }));
    setWarning(null);
    speaker.play(0);
  };

  const speaking = speaker.status === 'speaking';
  const canRead = ai || (supported && voices.length > 0);
  const total = sentences.length;
  let status = t('sentences', { total });
  if (speaker.status === 'speaking' && speaker.current >= 0) status = t('reading', { n: speaker.current + 1, total });
  if (speaker.status === 'paused') status = t('paused', { n: Math.max(speaker.current, 0) + 1, total });

  return (
    <div className="dh-page" data-testid="digital-human-page">
      <h1 className="dh-title">{t('title')}</h1>
      <p className="dh-muted">{t('intro')}</p>
      {!supported ? <Alert type="warning" showIcon title={t('noSpeech')} data-testid="dh-no-speech" /> : null}
      {supported && voices.length === 0 ? <Alert type="warning" showIcon title={t('noVoices')} data-testid="dh-no-voices" /> : null}
      {reduced ? <Alert type="info" showIcon title={t('reducedMotion')} style={{ marginTop: 8 }} /> : null}
      <div className="dh-layout">
        <div className="dh-stage">
          <DigitalHumanAvatar talking={speaking && !reduced} mouthOpen={speaker.mouthOpen && !reduced} label={speaking ? t('avatarTalking') : t('avatar')} />
          <div className="dh-field">
            <label htmlFor="dh-voice">{t('voice')}</label>
            <Select
              id="dh-voice" value={voiceUri ?? ''} disabled={!canRead && !aiAvailable} onChange={(v: string) => setVoiceUri(v || null)} data-testid="dh-voice"
              options={[
                { value: '', label: t('voiceDefault') }, ...voices.map((v) => ({ value: v.voiceURI, label: `${v.name} (${v.lang})` })),
                ...(aiAvailable ? [{ value: AI_VOICE, label: t('serverVoice') }] : []),
              ]}
            />
          </div>
          <div className="dh-field">
            <span id="dh-speed-label">{t('speed')}: {rate}×</span>
            <Slider
              min={SPEEDS.min} max={SPEEDS.max} step={SPEEDS.step} value={rate} onChange={(v: number) => setRate(v)} disabled={!canRead}
              ariaLabelledByForHandle="dh-speed-label" ariaValueTextFormatterForHandle={(v) => `${v}×`}
            />
          </div>
          <Space wrap className="dh-controls">
            {speaker.status === 'idle' || speaker.status === 'loading' ? (
              <Button type="primary" onClick={start} disabled={!canRead} loading={speaker.status === 'loading'} data-testid="dh-play">{t('play')}</Button>
            ) : null}
            {speaker.status === 'speaking' ? <Button onClick={speaker.pause} data-testid="dh-pause">{t('pause')}</Button> : null}
            {speaker.status === 'paused' ? <Button type="primary" onClick={speaker.resume} data-testid="dh-resume">{t('resume')}</Button> : null}
            {speaker.status === 'speaking' || speaker.status === 'paused' ? <Button onClick={speaker.stop} data-testid="dh-stop">{t('stop')}</Button> : null}
            {speaker.status === 'speaking' || speaker.status === 'paused' ? <Button onClick={() => speaker.play(0)}>{t('restart')}</Button> : null}
          </Space>
          <div className="dh-muted" role="status" aria-live="polite" data-testid="dh-status">{status}</div>
          {speaker.failed ? <Alert type="error" showIcon title={t('failed')} /> : null}
          {ai ? <CreditsCost use="speech" /> : null}
          {ai ? <p className="dh-muted" style={{ margin: 0 }}>{t('serverVoiceHint')}</p> : null}
          {speaker.error?.exhausted ? <CreditsExhausted message={speaker.error.message} /> : null}
          {speaker.error && !speaker.error.exhausted ? <Alert type="error" showIcon title={speaker.error.message} data-testid="dh-ai-error" /> : null}
        </div>
        <div className="dh-panel">
          <h2 className="dh-title" style={{ fontSize: 16 }}>{t('source')}</h2>
          <Picker onPick={(pick) => setText(textOf(pick, english))} />
          <div className="dh-field">
            <label htmlFor="dh-text">{t('textLabel')}</label>
            <Input.TextArea
              id="dh-text" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('textPlaceholder')} autoSize={{ minRows: 4, maxRows: 10 }}
              status={length > MAX_TEXT ? 'error' : undefined} data-testid="dh-text"
            />
            <span className="dh-muted">{length} / {MAX_TEXT}</span>
          </div>
          {warning ? <Alert type="warning" showIcon title={warning} data-testid="dh-warning" /> : null}
          {text.trim() ? (
            <div className="dh-reading" data-testid="dh-reading" lang={english ? 'en' : undefined}>
              {sentences.map((s, i) => (
                <span
                  key={s.start} ref={i === speaker.current ? currentRef : undefined}
                  className={i === speaker.current ? 'dh-sentence dh-sentence--current' : 'dh-sentence'}
                  aria-current={i === speaker.current ? 'true' : undefined} data-testid="dh-sentence"
                >
                  {s.text}
                </span>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
