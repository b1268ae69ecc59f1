// The reader (issue 7 item 3; spec learning §2 "Reading content": /content/noval/{id} for content
// purposes 5 e-book, 6 audiobook and 7 serial, query purpose). A book of article chapters is read
// chapter by chapter: the contents on the side, the chapter in the page (reading recorded per
// chapter), previous / next under it. `?chapter=n` names the chapter (1-based), so a reload, a
// shared link and the browser's back keep it; opened without it, the reader goes to the chapter this
// browser read last. An audiobook lists its episodes for the floating player. Any other content
// opens its content detail instead. Without an id, the reading tab of /content.
import { Button, Empty } from 'antd';
import { useEffect } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { contentPage } from '../../../lib/audio-handoff';
import { useGoback } from '../../../lib/goback';
import { useAppStore } from '../../../stores/app-store';
import { useContentDetail, useContentParts, type ContentPart } from '../api/content-detail';
import { audioQueueOf, ContentAudioList, PlayAllButton } from '../components/content-detail-audio';
import { isSiteDocument } from '../components/content-detail-reading';
import { useContentDetailTexts } from '../components/content-detail-texts';
import { detailStateView } from '../components/detail-states';
import { ReaderChapter } from '../components/reader-chapter';
import { useReaderTexts } from '../components/reader-texts';
import { SocialPanel } from '../components/social-panel';
import { usePageTitle } from '../../../components/use-page-title';

/** The reading purposes (spec learning §2, §9). */
export const READING_PURPOSES = [5, 6, 7] as const;

const lastReadKey = (tenantId: number | null, contentId: number) => `portal.reader.${tenantId ?? 0}.${contentId}`;

/** The part id of the chapter this browser read last, or null. */
export function lastReadChapter(tenantId: number | null, contentId: number): number | null {
  try {
    const raw = localStorage.getItem(lastReadKey(tenantId, contentId));
    return raw && /^\d+$/.test(raw) ? Number(raw) : null;
  } catch {
    return null;
  }
}

function rememberChapter(tenantId: number | null, contentId: number, partId: number): void {
  try {
    localStorage.setItem(lastReadKey(tenantId, contentId), String(partId));
  } catch {
    // Private mode or a full store: the reader still works, it just opens at chapter 1 next time.
  }
}

/** The chapters a book can show in the page: article parts with a site document. */
export function readableChapters(parts: readonly ContentPart[]): ContentPart[] {
  return parts.filter((p) => p.kind === 'article' && isSiteDocument(p.mediaUrl));
}

/**
 * The 1-based chapter to show: `?chapter=` when it is a whole number in range, else the chapter
 * last read (by part id), else 1.
 */
export function chapterIndex(query: string | null, chapters: readonly ContentPart[], lastRead: number | null): number {
  if (query !== null && /^\d+$/.test(query)) {
    const n = Number(query);
    if (n >= 1 && n <= chapters.length) return n;
  }
  const remembered = lastRead === null ? -1 : chapters.findIndex((c) => c.id === lastRead);
  return remembered >= 0 ? remembered + 1 : 1;
}

function positive(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export default function ReaderPage() {
  const t = useReaderTexts();
  const detail = useContentDetailTexts();
  const { id: rawId } = useParams();
  const [search] = useSearchParams();
  const id = positive(rawId);
  const tenantId = useAppStore((s) => s.tenantId);
  const info = useContentDetail(id);
  const partsQuery = useContentParts(id);
  const { target: backTo } = useGoback('content', '/content');
  const content = info.data;
  usePageTitle(content?.title);

  const chapters = readableChapters(partsQuery.data ?? []);
  const index = chapterIndex(search.get('chapter'), chapters, id === null ? null : lastReadChapter(tenantId, id));
  const chapter = chapters[index - 1];
  useEffect(() => {
    if (id !== null && chapter) rememberChapter(tenantId, id, chapter.id);
  }, [tenantId, id, chapter]);

  if (rawId === undefined) return <Navigate to={`/content?purpose=${search.get('purpose') ?? READING_PURPOSES.join('&purpose=')}`} replace />;
  const back = <Link to={backTo} data-testid="reader-back">‹ {t('back')}</Link>;
  const notFound = id === null || (info.error instanceof ApiError && info.error.errorCode === 'CONTENT_NOT_FOUND');
  let body = detailStateView({
    notFound, error: info.isError ? info.error : partsQuery.isError ? partsQuery.error : null, pending: info.isPending || partsQuery.isPending,
    retry: () => void Promise.all([info.refetch(), partsQuery.refetch()]), back, loadingTestId: 'reader-loading',
    texts: { notFound: detail('notFound'), notFoundHint: detail('notFoundHint', { id: rawId }), loadFailed: detail('loadFailed'), retry: detail('retry') },
  });
  if (!body && content) {
    if (content.kind !== 'article' && content.kind !== 'audio') {
      const { pageUrl, pageQuery } = contentPage(content.id, content.purpose);
      return <Navigate to={pageQuery ? `${pageUrl}?${new URLSearchParams(pageQuery).toString()}` : pageUrl} replace />;
    }
    const parts = partsQuery.data ?? [];
    const queue = content.kind === 'audio' ? audioQueueOf(content, parts) : null;
    const href = (n: number) => `/content/noval/${content.id}?${new URLSearchParams({ ...(search.get('purpose') ? { purpose: search.get('purpose')! } : {}), chapter: String(n) }).toString()}`;
    body = (
      <div data-testid="reader" data-content-id={content.id} data-kind={content.kind}>
        <header style={{ display: 'flex', gap: 20, alignItems: 'center', paddingBottom: 20, borderBottom: '1px solid var(--portal-border, #f0f0f0)' }}>
          {content.cover && <img src={content.cover} alt="" style={{ width: 72, aspectRatio: '3 / 4', objectFit: 'cover', borderRadius: 4 }} />}
          <div style={{ flex: 1, minWidth: 0 }}>
            <h1 style={{ margin: '0 0 6px', fontSize: 22 }}>{content.title}</h1>
            <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>
              {[content.author ? t('author', { name: content.author }) : null, t(queue ? 'episodes' : 'chapters', { n: queue ? queue.rows.length : chapters.length })].filter(Boolean).join(' · ')}
            </p>
          </div>
          {queue && <PlayAllButton queue={queue} />}
        </header>
        {queue && <div style={{ marginTop: 24 }}><ContentAudioList queue={queue} multiPart={queue.rows.length > 1} /></div>}
        {!queue && chapters.length === 0 && <Empty description={t('noChapters')} style={{ margin: '48px 0' }} />}
        {!queue && chapter && (
          <div style={{ display: 'flex', gap: 32, marginTop: 24, alignItems: 'flex-start' }}>
            <nav aria-label={t('contents')} data-testid="reader-contents" style={{ flex: '0 0 220px', position: 'sticky', top: 16, maxHeight: '80vh', overflowY: 'auto' }}>
              <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>{t('contents')}</h2>
              <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {chapters.map((c, i) => (
                  <li key={c.id}>
                    <Link
                      to={href(i + 1)} aria-current={i + 1 === index ? 'page' : undefined}
                      style={{ display: 'block', padding: '6px 8px', borderRadius: 4, fontWeight: i + 1 === index ? 600 : 400, background: i + 1 === index ? 'var(--portal-primary-bg, #e6f7ff)' : undefined, color: 'inherit' /* the browser's dark link blue read 4.1:1 on the current chapter's tint */ }}
                    >
                      {c.title}
                    </Link>
                  </li>
                ))}
              </ol>
            </nav>
            <div style={{ flex: 1, minWidth: 0, maxWidth: 760 }}>
              <ReaderChapter key={chapter.id} contentId={content.id} chapter={chapter} index={index} count={chapters.length} chapterHref={href} />
            </div>
          </div>
        )}
        <SocialPanel targetType="content" targetId={content.id} />
      </div>
    );
  }
  if (!body) body = <Button onClick={() => void info.refetch()}>{detail('retry')}</Button>;

  return (
    <div className="reader-page" data-testid="reader-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ margin: '0 0 16px' }} aria-label={t('back')}>{back}</nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>{body}</div>
    </div>
  );
}
