// The video of a content (issue 7 item 4: "a video player for mp4, and for HLS through hls.js").
// A `media:` address (docs/api.md "Media decode") is decoded to a signed link first, for a
// signed-in learner only (permissionFlag 1, as audio); a guest is asked to sign in. An HLS playlist
// (.m3u8) plays through hls.js, loaded only when such a video is opened; an MP4 or WebM plays in
// the native element. Study is recorded on the element by the caller (hooks/use-video-study.ts).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { decodeMedia } from '../../../api/hist';
import { loginPath } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { useContentDetailTexts } from './content-detail-texts';

/** A `media:` base address of the site's media folder. */
export const isMediaAddress = (url: string | null | undefined): url is string => (url?.trim() ?? '').startsWith('media:');

/** An address the browser can open itself: absolute http(s), or a file of the site's object store. */
export function isOpenableUrl(url: string | null | undefined): url is string {
  const value = url?.trim() ?? '';
  return /^https?:\/\//i.test(value) || value.startsWith('/uploads/');
}

/** Whether an address (before or after decoding) names an HLS playlist. */
export function isHlsAddress(url: string): boolean {
  return /\.m3u8$/i.test(url.split(/[?#]/)[0] ?? '');
}

/** Where the element's source comes from: a playable link, or why there is none yet. */
export type VideoSource =
  | { state: 'ready'; src: string; hls: boolean }
  | { state: 'pending' }
  | { state: 'login' }
  | { state: 'error'; message: string; retry(): void }
  | { state: 'none' };

/** The playable link of an address: as is, or decoded (for a signed-in user) and kept until shortly before it expires. */
export function useVideoSource(mediaUrl: string | null): VideoSource {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const address = mediaUrl?.trim() ?? '';
  const media = isMediaAddress(address);
  const decoded = useQuery({
    queryKey: ['media', 'decode', tenantId, userId, address],
    queryFn: () => decodeMedia(address, 1),
    enabled: media && userId !== null,
    // Links last 6 h; an hour keeps a long lesson on one link and never hands out a stale one.
    staleTime: 60 * 60_000,
    gcTime: 60 * 60_000,
    retry: false,
  });
  if (isOpenableUrl(address)) return { state: 'ready', src: address, hls: isHlsAddress(address) };
  if (!media) return { state: 'none' };
  if (userId === null) return { state: 'login' };
  if (decoded.isError) return { state: 'error', message: decoded.error.message, retry: () => void decoded.refetch() };
  if (!decoded.data) return { state: 'pending' };
  return { state: 'ready', src: decoded.data.url, hls: isHlsAddress(address) };
}

// The light build: VOD playback without alternate audio, subtitles or DRM, which these videos never use.
type HlsModule = typeof import('hls.js/light');

/** Attaches `src` to the element: through hls.js for HLS where MSE exists, else natively. Reports fatal errors. */
function useAttach(ref: RefObject<HTMLVideoElement | null>, src: string, hls: boolean, onFatal: (message: string) => void): void {
  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    if (!hls) {
      video.src = src;
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    let player: InstanceType<HlsModule['default']> | null = null;
    let cancelled = false;
    let recovered = false;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = src;
        else onFatal('HLS');
        return;
      }
      player = new Hls({ maxBufferLength: 30 });
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // One recovery of a decoding hiccup, as hls.js advises; anything else is shown with a retry.
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          player?.recoverMediaError();
          return;
        }
        onFatal(data.details);
      });
      player.loadSource(src);
      player.attachMedia(video);
    }, (error: unknown) => onFatal(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [ref, src, hls, onFatal]);
}

export interface VideoPlayerProps {
  mediaUrl: string | null;
  title: string;
  poster?: string | null;
  /** Called with the video element once it has its source, and with null when it goes away. */
  onElement?(video: HTMLVideoElement | null): void;
}

/** The element once its source is known. */
function Player({ src, hls, title, poster, retry, onElement }: { src: string; hls: boolean; title: string; poster?: string | null; retry(): void; onElement?: ((video: HTMLVideoElement | null) => void) | undefined }) {
  const t = useContentDetailTexts();
  const [failure, setFailure] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  useAttach(videoRef, src, hls, setFailure);
  // Hand the element out only after its source is attached (the effect above ran), and take it back when it goes.
  useEffect(() => {
    onElement?.(videoRef.current);
    return () => onElement?.(null);
  }, [onElement]);
  return (
    <>
      <video
        ref={videoRef} controls preload="metadata" poster={poster ?? undefined} playsInline
        data-testid="content-detail-video" data-hls={hls ? 'true' : 'false'} aria-label={title}
        onError={() => setFailure(videoRef.current?.error?.message || 'MEDIA_ERR')}
        style={{ width: '100%', maxHeight: 540, aspectRatio: '16 / 9', background: '#000', borderRadius: 8, display: 'block' }}
      />
      {failure && (
        <Alert
          type="error" showIcon style={{ marginTop: 12 }} title={t('videoFailed')} description={failure} data-testid="content-detail-video-error"
          action={<Button size="small" onClick={() => { setFailure(null); retry(); }}>{t('retry')}</Button>}
        />
      )}
    </>
  );
}

/** A video piece: its player, or what stands in its place (sign in, loading, failure, no video). */
export function VideoPlayer({ mediaUrl, title, poster, onElement }: VideoPlayerProps) {
  const t = useContentDetailTexts();
  const { pathname, search } = useLocation();
  const source = useVideoSource(mediaUrl);
  const [attempt, setAttempt] = useState(0);

  switch (source.state) {
    case 'ready':
      return <Player key={`${source.src}#${attempt}`} src={source.src} hls={source.hls} title={title} poster={poster} retry={() => setAttempt((n) => n + 1)} onElement={onElement} />;
    case 'pending':
      return <Skeleton.Node active style={{ width: '100%', height: 360 }} data-testid="content-detail-video-loading" />;
    case 'login':
      return (
        <Alert
          type="info" showIcon title={t('videoSignIn')} data-testid="content-detail-video-login"
          action={<Link to={loginPath(pathname + search)}>{t('signIn')}</Link>}
        />
      );
    case 'error':
      return (
        <Alert
          type="error" showIcon title={t('videoFailed')} description={source.message} data-testid="content-detail-video-error"
          action={<Button size="small" onClick={source.retry}>{t('retry')}</Button>}
        />
      );
    default:
      return <Alert type="info" showIcon title={mediaUrl ? t('videoNotPlayable') : t('videoNoMedia')} />;
  }
}
