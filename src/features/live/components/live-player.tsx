// The room's video: the live HLS stream or the replay. HLS plays through hls.js where Media Source
// Extensions exist, natively elsewhere (Safari). Live playback starts near the live edge (three
// target durations back), catches up by playing a little faster when it drifts, and offers "back
// to live" when the viewer is behind (paused, or seeked back). Our live playlist needs an argoLive
// token that lasts 10 minutes: every request carries the freshest token the page has (xhrSetup).
// A live stream that ends (404 after stopLive, or an ENDLIST) tells the page, which reads the room
// again and switches to the replay without a reload.
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLiveTexts } from './texts';

type HlsModule = typeof import('hls.js/light');
type HlsPlayer = InstanceType<HlsModule['default']>;

/** Seconds behind the live sync point after which "back to live" shows. */
export const BEHIND_LIVE_SECONDS = 8;

/** Whether an address names an HLS playlist. */
export const isHls = (url: string) => /\.m3u8$/i.test(url.split(/[?#]/)[0] ?? '');

/** The address with its `token` query parameter replaced (our live endpoint's argoLive token). */
export function withToken(url: string, token: string): string {
  if (!/[?&]token=/.test(url)) return url;
  return url.replace(/([?&]token=)[^&#]*/, `$1${encodeURIComponent(token)}`);
}

export interface LivePlayerProps {
  src: string;
  /** Live: start at the edge, keep up, offer "back to live"; otherwise a replay from the start. */
  live: boolean;
  title: string;
  poster?: string | null | undefined;
  /** The freshest stream token (put in every request's token parameter). */
  tokenRef?: { current: string | null } | undefined;
  /** The live stream went away (stopped, or the playlist ended). */
  onStreamGone?: (() => void) | undefined;
}

/** Plays; when the browser refuses sound without a gesture, plays muted (the viewer unmutes). */
function playAllowingMute(video: HTMLVideoElement, onMuted: () => void): void {
  void video.play()?.catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
      video.muted = true;
      onMuted();
      void video.play()?.catch(() => undefined);
    }
  });
}

export function LivePlayer({ src, live, title, poster, tokenRef, onStreamGone }: LivePlayerProps) {
  const t = useLiveTexts();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const playerRef = useRef<HlsPlayer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [behind, setBehind] = useState(0);
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const goneRef = useRef(onStreamGone);
  goneRef.current = onStreamGone;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let cancelled = false;
    let recovered = false;
    const gone = () => goneRef.current?.();
    const start = () => playAllowingMute(video, () => setMutedByPolicy(true));
    if (!isHls(src)) {
      video.src = src;
      if (live) start();
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    void import('hls.js/light').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        // Safari plays HLS itself, live edge included.
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = src;
          if (live) start();
        } else setFailure('HLS');
        return;
      }
      const player = new Hls({
        // Live: start three target durations behind the edge, never drift past eight, catch up at up to 1.25×.
        liveSyncDurationCount: 3,
        liveMaxLatencyDurationCount: 8,
        maxLiveSyncPlaybackRate: 1.25,
        backBufferLength: live ? 30 : 90,
        maxBufferLength: 30,
        xhrSetup: (xhr, url) => {
          const token = tokenRef?.current;
          if (token && /[?&]token=/.test(url)) xhr.open('GET', withToken(url, token), true);
        },
      });
      playerRef.current = player;
      player.on(Hls.Events.LEVEL_UPDATED, (_event, data) => {
        // The live playlist gained an ENDLIST: the teacher stopped.
        if (live && !data.details.live) gone();
      });
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          player.recoverMediaError();
          return;
        }
        const status = (data.response as { code?: number } | undefined)?.code;
        if (live && data.type === Hls.ErrorTypes.NETWORK_ERROR && (status === 404 || status === 403 || status === 410)) {
          gone();
          return;
        }
        setFailure(data.details);
      });
      player.on(Hls.Events.MANIFEST_PARSED, () => {
        if (live) start();
      });
      player.loadSource(src);
      player.attachMedia(video);
    }, (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      playerRef.current?.destroy();
      playerRef.current = null;
    };
  }, [src, live, tokenRef, attempt]);

  // How far behind live the viewer is, once a second.
  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => {
      const video = videoRef.current;
      if (!video) return;
      const sync = playerRef.current?.liveSyncPosition;
      let lag = 0;
      if (typeof sync === 'number') lag = sync - video.currentTime;
      else if (video.seekable.length > 0) lag = video.seekable.end(video.seekable.length - 1) - video.currentTime - 10;
      setBehind(Math.max(0, Math.round(lag)));
    }, 1000);
    return () => clearInterval(timer);
  }, [live, src]);

  const backToLive = () => {
    const video = videoRef.current;
    if (!video) return;
    const sync = playerRef.current?.liveSyncPosition;
    if (typeof sync === 'number') video.currentTime = sync;
    else if (video.seekable.length > 0) video.currentTime = Math.max(0, video.seekable.end(video.seekable.length - 1) - 10);
    playAllowingMute(video, () => setMutedByPolicy(true));
    setBehind(0);
  };

  return (
    <div className="live-player" data-testid="live-player" data-live={live ? 'true' : 'false'}>
      <video
        ref={videoRef} controls playsInline preload={live ? 'auto' : 'metadata'} poster={poster ?? undefined}
        data-testid="live-video" aria-label={title}
        onVolumeChange={(e) => { if (!e.currentTarget.muted) setMutedByPolicy(false); }}
        onError={() => setFailure(videoRef.current?.error?.message || 'MEDIA_ERR')}
      />
      {live && behind > BEHIND_LIVE_SECONDS && (
        <Button className="live-player__back" type="primary" size="small" onClick={backToLive} data-testid="live-back-to-live" title={t('behindLive', { s: behind })}>
          {t('backToLive')}
        </Button>
      )}
      {mutedByPolicy && (
        <Button className="live-player__unmute" size="small" onClick={() => { const v = videoRef.current; if (v) { v.muted = false; setMutedByPolicy(false); } }}>
          {t('unmuteSound')}
        </Button>
      )}
      {failure && (
        <Alert
          type="error" showIcon title={t('playFailed')} description={failure} data-testid="live-video-error" style={{ marginTop: 8 }}
          action={<Button size="small" onClick={() => { setFailure(null); setAttempt((n) => n + 1); }}>{t('retry')}</Button>}
        />
      )}
    </div>
  );
}
