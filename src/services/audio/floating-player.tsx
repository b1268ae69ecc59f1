// The global floating audio player (spec shell §4 "Floating audio player"): mounted once by the
// shell (src/services/audio/audio-dock.tsx), loaded on demand, so it survives navigation. It shows the
// current item's title, image, progress bar, time, mode and volume, and the playlist; the engine
// (browser-engine.ts) does the playing.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { clock } from '../../lib/audio-rules';
import { selectCurrentMusic, useMusicStore, type MusicItem } from '../../stores/music-store';
import { browserEngine } from './browser-engine';
import { CloseIcon, ListIcon, LoopIcon, NextIcon, PauseIcon, PlayIcon, PrevIcon, RepeatOneIcon, ShuffleIcon, VolumeIcon } from './icons';
import { usePlayerTexts } from './texts';
import './floating-player.css';

const MODE_ICONS = [LoopIcon, RepeatOneIcon, ShuffleIcon] as const;

/** The item's detail page as a router target. */
function detailTarget(item: MusicItem): { pathname: string; search: string } | null {
  if (!item.pageUrl) return null;
  const query = new URLSearchParams(item.pageQuery ?? {}).toString();
  return { pathname: item.pageUrl, search: query ? `?${query}` : '' };
}

export default function FloatingPlayer() {
  const t = usePlayerTexts();
  const navigate = useNavigate();
  const listId = useId();
  const [listOpen, setListOpen] = useState(false);
  const listToggle = useRef<HTMLButtonElement>(null);
  // Issue 23 point 3: Escape in the player while the playlist is open closes the list and gives
  // focus back to its button.
  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !listOpen) return;
    event.stopPropagation();
    setListOpen(false);
    listToggle.current?.focus();
  };
  // Removing the focused entry would drop the focus on the page: it moves to the entry now in that
  // place, or the one before, or the playlist's button when the list is empty.
  const removeEntry = (index: number, list: HTMLElement | null) => {
    useMusicStore.getState().remove(index);
    setTimeout(() => {
      const removes = list?.querySelectorAll<HTMLButtonElement>('.floating-player__remove') ?? [];
      (removes[Math.min(index, removes.length - 1)] ?? listToggle.current)?.focus();
    }, 0);
  };
  const item = useMusicStore(selectCurrentMusic);
  const songList = useMusicStore((s) => s.songList);
  const currentIndex = useMusicStore((s) => s.currentIndex);
  const playStatus = useMusicStore((s) => s.playStatus);
  const volume = useMusicStore((s) => s.volume);
  const playType = useMusicStore((s) => s.playType);
  const showPlayer = useMusicStore((s) => s.showPlayer);
  const actions = useMusicStore.getState();

  useEffect(() => browserEngine().start(), []);

  if (!showPlayer) return null;
  const engine = browserEngine();
  const playing = playStatus === 'playing';
  const ModeIcon = MODE_ICONS[playType];
  const modeName = t(`mode${playType}`);
  const duration = item?.duration ?? 0;
  const target = item ? detailTarget(item) : null;
  const title = item?.title || t('noTitle');

  return (
    <section className="floating-player" aria-label={t('player')} onKeyDown={onListKeyDown}>
      <div className="floating-player__main">
        {item?.img ? <img className="floating-player__cover" src={item.img} alt="" /> : <span className="floating-player__cover" aria-hidden="true" />}
        <div className="floating-player__body">
          <div className="floating-player__title-row">
            {target && item?.title
              ? <a className="floating-player__title" href={`${target.pathname}${target.search}`} title={t('openDetail', { title })}
                  onClick={(event) => { event.preventDefault(); void navigate(target); }}>{title}</a>
              : <span className="floating-player__title">{title}</span>}
            {item?.state === 2 ? <span className="floating-player__finished">{t('finished')}</span> : null}
          </div>
          <div className="floating-player__progress">
            <input
              type="range" className="floating-player__range" aria-label={t('progress')}
              min={0} max={Math.max(1, Math.floor(duration))} step={1}
              value={Math.floor(item?.currentTime ?? 0)} disabled={!item}
              aria-valuetext={`${clock(item?.currentTime ?? 0)} / ${clock(duration)}`}
              onChange={(event) => engine.seek(Number(event.target.value))}
            />
            <span className="floating-player__time">{clock(item?.currentTime ?? 0)} / {clock(duration)}</span>
          </div>
        </div>
      </div>
      <div className="floating-player__controls">
        <button type="button" aria-label={t('prev')} disabled={songList.length < 2} onClick={() => actions.prev()}><PrevIcon /></button>
        <button type="button" className="floating-player__play" aria-label={playing ? t('pause') : t('play')} disabled={!item} onClick={() => actions.togglePlay()}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button type="button" aria-label={t('next')} disabled={songList.length < 2} onClick={() => actions.next()}><NextIcon /></button>
        <button type="button" aria-label={t('modeHint', { mode: modeName })} title={modeName} onClick={() => actions.cycleMode()}><ModeIcon /></button>
        <label className="floating-player__volume" title={`${t('volume')} ${volume}`}>
          <VolumeIcon />
          <input type="range" min={0} max={100} step={1} value={volume} aria-label={t('volume')} onChange={(event) => actions.setVolume(Number(event.target.value))} />
        </label>
        <button ref={listToggle} type="button" aria-label={t('playlistCount', { n: songList.length })} aria-expanded={listOpen} aria-controls={listId} onClick={() => setListOpen((open) => !open)}><ListIcon /></button>
        <button type="button" aria-label={t('close')} onClick={() => actions.hide()}><CloseIcon /></button>
      </div>
      {listOpen ? (
        <div id={listId} className="floating-player__list" role="region" aria-label={t('playlist')}>
          {songList.length === 0 ? <p className="floating-player__empty">{t('emptyList')}</p> : (
            <ol>
              {songList.map((entry, index) => (
                <li key={entry.key} aria-current={index === currentIndex ? 'true' : undefined}>
                  <button type="button" className="floating-player__entry" onClick={() => actions.select(index)}>
                    <span>{entry.title || t('noTitle')}</span>
                    <span className="floating-player__entry-time">{clock(entry.duration)}</span>
                  </button>
                  <button type="button" className="floating-player__remove" aria-label={t('remove', { title: entry.title || t('noTitle') })} onClick={(event) => removeEntry(index, event.currentTarget.closest('.floating-player__list'))}><CloseIcon /></button>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </section>
  );
}
