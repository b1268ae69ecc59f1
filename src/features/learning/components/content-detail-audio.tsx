// The audio of a content: its audio parts (or the content itself when it is one piece) as a list
// with a play button each, and "play all". Playing never happens here: the tracks are handed to the
// global floating player (src/lib/audio-handoff.ts, spec shell §4 "Floating audio player").
import { Button, Tooltip } from 'antd';
import type { ContentItem } from '../../../api/catalogue';
import { contentPage, playAudio, type AudioTrack } from '../../../lib/audio-handoff';
import type { ContentPart } from '../api/content-detail';
import { formatDuration, useContentDetailTexts } from './content-detail-texts';

/** One row of the list: what it shows, and its place in the player's queue (null: nothing to play yet). */
export interface AudioRow {
  key: string;
  title: string;
  duration: number;
  trackIndex: number | null;
}

/** The rows of the list and the queue they hand to the player. */
export interface AudioQueue {
  rows: AudioRow[];
  tracks: AudioTrack[];
}

/**
 * The audio queue of a content: its audio parts in order, or the content itself as one track when
 * it has none. A row without a media address stays listed but out of the queue, so the player
 * never gets an address it cannot decode. Tracks link back to the content's detail page.
 */
export function audioQueueOf(content: ContentItem, parts: readonly ContentPart[]): AudioQueue {
  const audioParts = parts.filter((part) => part.kind === 'audio');
  const pieces = audioParts.length > 0
    ? audioParts.map((part) => ({ partId: part.id, title: part.title, mediaUrl: part.mediaUrl, duration: part.duration }))
    : [{ partId: 0, title: content.title, mediaUrl: content.mediaUrl, duration: content.duration }];
  const { pageUrl, pageQuery } = contentPage(content.id, content.purpose);
  const rows: AudioRow[] = [];
  const tracks: AudioTrack[] = [];
  for (const piece of pieces) {
    const playable = Boolean(piece.mediaUrl?.trim());
    rows.push({ key: `${content.id}:${piece.partId}`, title: piece.title, duration: piece.duration, trackIndex: playable ? tracks.length : null });
    if (!playable) continue;
    tracks.push({
      id: content.id, partId: piece.partId, title: piece.title, mediaUrl: piece.mediaUrl, cover: content.cover, author: content.author,
      duration: piece.duration, purpose: content.purpose, pageUrl, pageQuery, permissionFlag: 1,
    });
  }
  return { rows, tracks };
}

/** "Play all": the whole queue from its first track. */
export function PlayAllButton({ queue }: { queue: AudioQueue }) {
  const t = useContentDetailTexts();
  return (
    <Button type="primary" size="large" disabled={queue.tracks.length === 0} onClick={() => playAudio(queue.tracks, 0)}>
      ▶ {t('playAll')}
    </Button>
  );
}

/** One row: its number, title, length and play button (disabled while it has no audio). */
function AudioRowItem({ row, position, tracks }: { row: AudioRow; position: number; tracks: AudioTrack[] }) {
  const t = useContentDetailTexts();
  const index = row.trackIndex;
  const label = t('playTitle', { title: row.title });
  return (
    <li
      data-testid="content-detail-part" data-playable={index !== null}
      style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '12px 8px', borderBottom: '1px solid var(--portal-border, #f0f0f0)' }}
    >
      <span style={{ flex: '0 0 2em', textAlign: 'right', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{position}</span>
      <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{row.title}</span>
      <span style={{ flex: '0 0 auto', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontVariantNumeric: 'tabular-nums' }}>
        {row.duration > 0 ? formatDuration(row.duration) : ''}
      </span>
      {index === null ? (
        <Tooltip title={t('noMedia')}>
          <Button size="small" disabled aria-label={label}>{t('noMedia')}</Button>
        </Tooltip>
      ) : (
        <Button size="small" aria-label={label} onClick={() => playAudio(tracks, index)}>▶ {t('play')}</Button>
      )}
    </li>
  );
}

/** The audio list: number, title, length and a play button per row. */
export function ContentAudioList({ queue, multiPart }: { queue: AudioQueue; multiPart: boolean }) {
  const t = useContentDetailTexts();
  return (
    <section className="content-detail-audio" aria-labelledby="content-detail-playlist">
      <h2 id="content-detail-playlist" style={{ margin: '0 0 12px', fontSize: 18, fontWeight: 600 }}>
        {multiPart ? t('chapters') : t('playlist')}
      </h2>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {queue.rows.map((row, i) => <AudioRowItem key={row.key} row={row} position={i + 1} tracks={queue.tracks} />)}
      </ol>
    </section>
  );
}
