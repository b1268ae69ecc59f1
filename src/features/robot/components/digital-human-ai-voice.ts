// The digital human's AI voice (issue 21 part F): the tenant's TTS model reads the whole text once
// (POST /cm/api/ai/speech, charged as speech) and an <audio> plays it. The audio has no word
// boundaries, so the sentence being read is estimated from the playing position (characters in
// proportion to time); the mouth moves while it plays. Same controls as the browser voice.
import { useCallback, useEffect, useRef, useState } from 'react';
import { speakWithProvider } from '../api/credits';
import { sentenceAt, type Sentence, type SpeechStatus } from './digital-human-speech';

export interface AiSpeaker {
  status: SpeechStatus | 'loading';
  current: number;
  /** The refusal or failure of the last reading (the server's message), or null. */
  error: { message: string; exhausted: boolean } | null;
  play: () => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
}

export function useAiSpeaker(text: string, sentences: readonly Sentence[], rate: number, lang: 'zh' | 'en', onCharged: () => void): AiSpeaker {
  const [status, setStatus] = useState<AiSpeaker['status']>('idle');
  const [current, setCurrent] = useState(-1);
  const [error, setError] = useState<AiSpeaker['error']>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const url = useRef<string | null>(null);
  const request = useRef<AbortController | null>(null);

  const release = useCallback(() => {
    request.current?.abort();
    request.current = null;
    if (audio.current) {
      audio.current.pause();
      audio.current.onended = null;
      audio.current.ontimeupdate = null;
    }
    audio.current = null;
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }, []);

  const stop = useCallback(() => {
    release();
    setStatus('idle');
    setCurrent(-1);
  }, [release]);

  const play = useCallback(() => {
    release();
    const controller = new AbortController();
    request.current = controller;
    setError(null);
    setStatus('loading');
    speakWithProvider({ text, speed: 1, lang }, controller.signal).then((answer) => {
      if (request.current !== controller) return;
      onCharged();
      const bytes = Uint8Array.from(atob(answer.audio), (c) => c.charCodeAt(0));
      url.current = URL.createObjectURL(new Blob([bytes], { type: answer.mime }));
      const player = new Audio(url.current);
      player.playbackRate = rate;
      player.ontimeupdate = () => {
        if (!player.duration) return;
        setCurrent(sentenceAt(sentences, Math.floor((player.currentTime / player.duration) * text.length)));
      };
      player.onended = () => stop();
      audio.current = player;
      setStatus('speaking');
      setCurrent(0);
      void player.play().catch(() => stop());
    }, (failure: unknown) => {
      if (request.current !== controller || controller.signal.aborted) return;
      const e = failure as { message?: string; errorCode?: string };
      setError({ message: e.message ?? String(failure), exhausted: e.errorCode === 'AI_CREDITS_EXHAUSTED' });
      setStatus('idle');
    });
  }, [text, sentences, rate, lang, onCharged, release, stop]);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate]);
  useEffect(() => release, [release]);

  return {
    status, current, error, play, stop,
    pause: () => { audio.current?.pause(); setStatus('paused'); },
    resume: () => { void audio.current?.play(); setStatus('speaking'); },
  };
}
