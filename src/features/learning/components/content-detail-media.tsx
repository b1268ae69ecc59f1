// The media of a non-audio content: the video player (video-player.tsx: MP4 natively, HLS through
// hls.js, `media:` addresses decoded first), recording study (hooks/use-video-study.ts), with the
// part picker of a video in parts; and a button for an external address or a document outside the
// site's files (articles and PDFs of the site are read in the page: content-detail-reading.tsx).
import { Alert, Button } from 'antd';
import { useState } from 'react';
import type { ContentItem } from '../../../api/catalogue';
import type { ContentPart } from '../api/content-detail';
import { useVideoStudy } from '../hooks/use-video-study';
import { isOpenableUrl, VideoPlayer } from './video-player';
import { formatDuration, useContentDetailTexts } from './content-detail-texts';

export { isOpenableUrl };

/** One piece of a video: the content itself, or one of its video parts. */
interface VideoPiece {
  key: string;
  /** The part id, 0 for the content itself: the study record it is logged under. */
  partId: number;
  title: string;
  mediaUrl: string | null;
  duration: number;
}

/** The video and, for a video in parts, the part picker. */
export function ContentVideo({ content, parts, courseId = null, userTaskId = null }: { content: ContentItem; parts: readonly ContentPart[]; courseId?: number | null; userTaskId?: number | null }) {
  const t = useContentDetailTexts();
  const videoParts = parts.filter((part) => part.kind === 'video');
  const pieces: VideoPiece[] = videoParts.length > 0
    ? videoParts.map((part) => ({ key: `part-${part.id}`, partId: part.id, title: part.title, mediaUrl: part.mediaUrl, duration: part.duration }))
    : [{ key: 'content', partId: 0, title: content.title, mediaUrl: content.mediaUrl, duration: content.duration }];
  const [chosen, setChosen] = useState(0);
  const piece = pieces[Math.min(chosen, pieces.length - 1)]!;
  // The element the player shows now (none while it decodes or fails).
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  // issue 7: the video records study (saved on pause, leave, every 30 s) and resumes where it stopped.
  useVideoStudy(video, { contentId: content.id, partId: piece.partId, courseId, userTaskId });

  const player = (
    <VideoPlayer key={piece.key} onElement={setVideo} mediaUrl={piece.mediaUrl} title={piece.title} poster={content.cover} />
  );

  return (
    <section className="content-detail-video" style={{ marginTop: 24 }}>
      {player}
      {pieces.length > 1 && (
        <>
          <h2 style={{ margin: '24px 0 12px', fontSize: 18, fontWeight: 600 }}>{t('chapters')}</h2>
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {pieces.map((p, i) => (
              <li key={p.key} data-testid="content-detail-part" style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '8px', borderBottom: '1px solid var(--portal-border, #f0f0f0)' }}>
                <span style={{ flex: '0 0 2em', textAlign: 'right', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{i + 1}</span>
                <Button type="link" style={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', padding: 0 }} aria-current={i === chosen ? 'true' : undefined} onClick={() => setChosen(i)}>
                  {p.title}
                </Button>
                <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{p.duration > 0 ? formatDuration(p.duration) : ''}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** An external link, or a document the page does not show itself: a button that opens it in a new tab. */
export function ContentDocument({ content }: { content: ContentItem }) {
  const t = useContentDetailTexts();
  const url = content.mediaUrl?.trim();
  const external = content.kind === 'link';
  const openable = external ? /^https?:\/\//i.test(url ?? '') : isOpenableUrl(url);
  return (
    <section className="content-detail-document" style={{ marginTop: 24 }}>
      {openable
        ? <Button type="primary" size="large" href={url} target="_blank" rel="noopener noreferrer">{external ? t('openLink') : t('openDocument')}</Button>
        : <Alert type="info" showIcon title={t('documentMissing')} />}
    </section>
  );
}
