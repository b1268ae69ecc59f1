// One chapter of a reading product in /sub_shop/noval/{id}: its text through the runtime's
// sanitising <RichText>, an audiobook chapter's play button (the global floating player plays it,
// src/lib/audio-handoff.ts), and previous / next. A locked chapter shows why and how to unlock it
// instead; the text of a locked chapter is never asked for.
import { LockOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton, Space } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { playAudio, type AudioTrack } from '../../../lib/audio-handoff';
import { RichText } from '../../../runtime/rich-text-view';
import { saveReadingProgress } from '../../../api/center-shop';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { useChapter, type ChapterItem, type ChapterView } from '../api/reading-api';
import { rememberChapter } from './reading-contents';
import { useReadingTexts } from './reading-texts';

/** The book as the chapter needs it. */
export interface ChapterBook {
  id: number;
  title: string;
  cover: string | null;
  providerName: string | null;
}

/**
 * The player's track of an audiobook chapter. The id is the product's negated: the player records
 * study progress only for content ids (> 0), and a product is no content.
 */
export function chapterTrack(book: ChapterBook, chapter: ChapterView): AudioTrack {
  return {
    id: -book.id, partId: chapter.id, title: `${book.title} · ${chapter.title}`, mediaUrl: chapter.audioUrl, cover: book.cover,
    author: book.providerName, duration: chapter.duration, pageUrl: `/sub_shop/noval/${book.id}`, pageQuery: { chapter: String(chapter.sort) },
    permissionFlag: chapter.free ? 0 : 1,
  };
}

/** The lock in place of a chapter not bought yet: the rule, and buy (or sign in) buttons. */
export function ChapterLock({ bookTitle, freeCount, count, signedIn, buy, signIn }: {
  bookTitle: string; freeCount: number; count: number; signedIn: boolean; buy: ReactNode; signIn: () => void;
}) {
  const t = useReadingTexts();
  return (
    <Result
      icon={<LockOutlined />} title={t('lockTitle')} subTitle={t('lockHint', { title: bookTitle, n: freeCount, all: count })} data-testid="noval-locked"
      extra={(
        <Space orientation="vertical" align="center">
          {buy}
          {!signedIn ? <span>{t('lockGuest')} <Button type="link" onClick={signIn} data-testid="noval-sign-in">{t('signIn')}</Button></span> : null}
        </Space>
      )}
    />
  );
}

/** An open chapter: fetched, shown, remembered as last read. */
export function ChapterPane({ book, item, index, count, href, tenantId }: {
  book: ChapterBook; item: ChapterItem; index: number; count: number; href: (n: number) => string; tenantId: number | null;
}) {
  const t = useReadingTexts();
  const query = useChapter(book.id, item.id);
  const chapter = query.data;
  const signedIn = useUserStore(selectUserId) !== null;
  useEffect(() => {
    if (!chapter) return;
    rememberChapter(tenantId, book.id, chapter.id);
    // issue 20 part T: a signed-in reader's progress goes to the server too (the center's bookshelf
    // shows it on any device); a failure only costs the progress, so reading goes on.
    if (signedIn) saveReadingProgress(book.id, chapter.id).catch(() => undefined);
  }, [tenantId, book.id, chapter, signedIn]);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError || !chapter) {
    return (
      <div role="alert">
        <p>{(query.error as Error | null)?.message || t('chapterFailed')}</p>
        <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
      </div>
    );
  }
  return (
    <article data-testid="noval-chapter-view" data-chapter-id={chapter.id} aria-labelledby="noval-chapter-title">
      <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>{t(chapter.hasAudio ? 'episodeOf' : 'chapterOf', { n: index, all: count })}</p>
      <h2 id="noval-chapter-title" style={{ margin: '4px 0 20px', fontSize: 24 }}>{chapter.title}</h2>
      {chapter.audioUrl ? (
        <Button type="primary" icon={<SoundOutlined />} style={{ marginBottom: 20 }} data-testid="noval-play" onClick={() => playAudio([chapterTrack(book, chapter)], 0)}>
          {t('play')}
        </Button>
      ) : null}
      <div style={{ fontSize: 18, lineHeight: 2 }}>
        {chapter.html ? <RichText html={chapter.html} className="noval-chapter-body" /> : <p>{t('noText')}</p>}
      </div>
      <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 40 }} aria-label={t('chapters')}>
        {index > 1 ? <Link to={href(index - 1)} data-testid="noval-previous">‹ {t(chapter.hasAudio ? 'previousEpisode' : 'previous')}</Link> : <span />}
        {index < count
          ? <Link to={href(index + 1)} data-testid="noval-next">{t(chapter.hasAudio ? 'nextEpisode' : 'next')} ›</Link>
          : <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>{t('finished')}</span>}
      </nav>
    </article>
  );
}
