// The digital human's voice (issue 21 part F; docs/ai.md F): the browser's speechSynthesis reads the
// text as one utterance from a sentence on; its boundary events say which sentence is being read
// (the page highlights it) and pulse the presenter's mouth; start and end say when it talks.
// Changing the speed or the voice while reading restarts from the current sentence.
import { useCallback, useEffect, useRef, useState } from 'react';

/** One sentence of the text, with where it starts and ends in it. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** Splits a text into sentences after 。！？!?；; and line breaks, and after ". " in English. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const pattern = /[^。！？!?；;\n.]*(?:[。！？!?；;\n]+[^\S\n]*|\.(?=\s|$)[^\S\n]*|$)/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    if (match[0] === '') {
      pattern.lastIndex += 1;
      if (pattern.lastIndex > text.length) break;
      continue;
    }
    if (match[0].trim() !== '') sentences.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return sentences;
}

/** The index of the sentence holding character `at` (the last one when past the end). */
export function sentenceAt(sentences: readonly Sentence[], at: number): number {
  const i = sentences.findIndex((s) => at < s.end);
  return i === -1 ? sentences.length - 1 : i;
}

/** The browser's zh and en voices (zh first); empty when it has none or no speechSynthesis. */
export function usableVoices(all: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice[] {
  const zh = all.filter((v) => /^zh|^cmn/i.test(v.lang));
  const en = all.filter((v) => /^en/i.test(v.lang));
  return [...zh, ...en];
}

const synth = (): SpeechSynthesis | null => (typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null);

/** The usable voices, read again when the browser loads its list (voiceschanged). */
export function useVoices(): { supported: boolean; voices: SpeechSynthesisVoice[] } {
  const speech = synth();
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => (speech ? usableVoices(speech.getVoices()) : []));
  useEffect(() => {
    if (!speech) return undefined;
    const read = () => setVoices(usableVoices(speech.getVoices()));
    read();
    speech.addEventListener('voiceschanged', read);
    return () => speech.removeEventListener('voiceschanged', read);
  }, [speech]);
  return { supported: speech !== null, voices };
}

export type SpeechStatus = 'idle' | 'speaking' | 'paused';

export interface Speaker {
  status: SpeechStatus;
  /** The sentence being read; -1 when none. */
  current: number;
  /** True for a moment after each word boundary (the mouth opens). */
  mouthOpen: boolean;
  /** The browser reported a failure (a voice that cannot speak). */
  failed: boolean;
  play: (from?: number) => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
}

/** Reads `text` with `voice` at `rate`; stops when the page goes away. */
export function useSpeaker(text: string, sentences: readonly Sentence[], voice: SpeechSynthesisVoice | null, rate: number): Speaker {
  const [status, setStatus] = useState<SpeechStatus>('idle');
  const [current, setCurrent] = useState(-1);
  const [mouthOpen, setMouthOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);
  const mouthTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const currentRef = useRef(-1);
  currentRef.current = current;

  const stop = useCallback(() => {
    utterance.current = null;
    synth()?.cancel();
    setStatus('idle');
    setCurrent(-1);
    setMouthOpen(false);
  }, []);

  const play = useCallback((from = 0) => {
    const speech = synth();
    if (!speech || sentences.length === 0) return;
    const first = sentences[Math.min(Math.max(from, 0), sentences.length - 1)]!;
    // A new utterance makes the old one's late events stale (they are ignored below).
    utterance.current = null;
    speech.cancel();
    const u = new SpeechSynthesisUtterance(text.slice(first.start));
    if (voice) {
      u.voice = voice;
      u.lang = voice.lang;
    }
    u.rate = rate;
    const offset = first.start;
    const mine = () => utterance.current === u;
    u.onstart = () => {
      if (!mine()) return;
      setStatus('speaking');
      setCurrent(sentenceAt(sentences, offset));
    };
    u.onboundary = (event) => {
      if (!mine()) return;
      setCurrent(sentenceAt(sentences, offset + event.charIndex));
      setMouthOpen(true);
      if (mouthTimer.current) clearTimeout(mouthTimer.current);
      mouthTimer.current = setTimeout(() => setMouthOpen(false), 140);
    };
    u.onend = () => {
      if (!mine()) return;
      utterance.current = null;
      setStatus('idle');
      setCurrent(-1);
      setMouthOpen(false);
    };
    u.onerror = (event) => {
      if (!mine()) return;
      utterance.current = null;
      // "interrupted"/"canceled" come from our own stop or restart.
      if (event.error !== 'interrupted' && event.error !== 'canceled') setFailed(true);
      setStatus('idle');
      setCurrent(-1);
      setMouthOpen(false);
    };
    utterance.current = u;
    setFailed(false);
    setStatus('speaking');
    setCurrent(sentenceAt(sentences, offset));
    speech.speak(u);
  }, [text, sentences, voice, rate]);

  const pause = useCallback(() => {
    synth()?.pause();
    setStatus('paused');
    setMouthOpen(false);
  }, []);
  const resume = useCallback(() => {
    synth()?.resume();
    setStatus('speaking');
  }, []);

  // A new speed or voice while reading: go on from the current sentence with it.
  const settings = useRef({ voice, rate });
  useEffect(() => {
    const changed = settings.current.voice !== voice || settings.current.rate !== rate;
    settings.current = { voice, rate };
    if (changed && utterance.current && status === 'speaking') play(Math.max(currentRef.current, 0));
  }, [voice, rate, status, play]);

  // Leaving the page stops the voice.
  useEffect(() => () => {
    utterance.current = null;
    synth()?.cancel();
    if (mouthTimer.current) clearTimeout(mouthTimer.current);
  }, []);

  return { status, current, mouthOpen, failed, play, pause, resume, stop };
}
