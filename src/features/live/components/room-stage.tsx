// What plays in the room by its state: upcoming counts down to the planned start (then waits for
// the teacher), live plays the stream, ended plays the replay. The state comes from the room's
// detail, read again every 10 s and at once when the live stream goes away, so a stop turns the
// page to the replay without a reload.
import { useEffect, useRef, useState } from 'react';
import type { RoomDetail } from '../../../api/train-rooms';
import { getLiveToken } from '../../../api/train-rooms';
import { LivePlayer } from './live-player';
import { useLiveTexts } from './texts';

/** A new argoLive token this often (they last 10 minutes). */
const TOKEN_REFRESH_MS = 5 * 60_000;

/** "1 d 02:03:04" / "02:03:04" until `target`. */
export function countdownText(msLeft: number, days: (d: number, hms: string) => string): string {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  const d = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return d > 0 ? days(d, hms) : hms;
}

const tokenOf = (url: string | null) => (url ? new URL(url, 'http://x').searchParams.get('token') : null);
const withoutToken = (url: string) => url.replace(/([?&])token=[^&#]*&?/, '$1').replace(/[?&]$/, '');

/** The stream address, kept while only its token changes (each read of the room mints a new one). */
function useStableSource(url: string | null): string | null {
  const kept = useRef<string | null>(null);
  if (url === null) kept.current = null;
  else if (kept.current === null || withoutToken(kept.current) !== withoutToken(url)) kept.current = url;
  return kept.current;
}

function Countdown({ startTime }: { startTime: string }) {
  const t = useLiveTexts();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = new Date(startTime).getTime() - now;
  if (left <= 0) return <p className="live-stage__wait" data-testid="live-waiting">{t('waitingTeacher')}</p>;
  return (
    <p className="live-stage__countdown" data-testid="live-countdown">
      {t('countdown', { time: countdownText(left, (d, hms) => t('countdownDays', { d, hms })) })}
    </p>
  );
}

export function RoomStage({ room, uid, onStreamGone }: { room: RoomDetail; uid: number | null; onStreamGone(): void }) {
  const t = useLiveTexts();
  const liveSrc = useStableSource(room.liveState === 'live' ? room.streamUrl : null);
  const replaySrc = useStableSource(room.liveState === 'ended' ? room.replayUrl : null);
  const tokenRef = useRef<string | null>(null);
  // The freshest token: each read of the room brings one, and one is asked for every 5 minutes.
  const latest = tokenOf(room.streamUrl);
  if (latest) tokenRef.current = latest;
  const needsToken = liveSrc !== null && tokenOf(liveSrc) !== null;
  useEffect(() => {
    if (!needsToken || uid === null) return undefined;
    const timer = setInterval(() => {
      getLiveToken(uid, { silent: true }).then(({ token }) => { tokenRef.current = token; }, (error: unknown) => console.warn('Renewing the stream token failed; the next read of the room brings one.', error));
    }, TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [needsToken, uid]);

  const cover = room.cover ? { backgroundImage: `url("${room.cover}")` } : undefined;
  if (room.liveState === 'upcoming') {
    return (
      <div className="live-stage live-stage--upcoming" data-testid="live-stage" data-state="upcoming" style={cover}>
        <div className="live-stage__veil">
          <span className="live-stage__badge">{t('upcoming')}</span>
          <Countdown startTime={room.startTime} />
        </div>
      </div>
    );
  }
  if (room.liveState === 'live' && liveSrc) {
    return (
      <div className="live-stage" data-testid="live-stage" data-state="live">
        <LivePlayer key={liveSrc} src={liveSrc} live title={room.title} poster={room.cover} tokenRef={tokenRef} onStreamGone={onStreamGone} />
      </div>
    );
  }
  if (room.liveState === 'ended' && replaySrc) {
    return (
      <div className="live-stage" data-testid="live-stage" data-state="ended">
        <span className="live-stage__replay-tag">{t('replay')}</span>
        <LivePlayer key={replaySrc} src={replaySrc} live={false} title={room.title} poster={room.cover} />
      </div>
    );
  }
  return (
    <div className="live-stage live-stage--upcoming" data-testid="live-stage" data-state={room.liveState} style={cover}>
      <div className="live-stage__veil">
        <p className="live-stage__wait">{room.liveState === 'ended' ? t('noReplay') : t('loadFailed')}</p>
      </div>
    </div>
  );
}
