// The content detail (spec learning §2 "Details"): /sub_cm/content/detail?id=&purpose= and
// /knowledge/detail/{id} (/knowledge/details/{id}) with query purpose. The purpose names the page
// (spec shell §2 "Query meaning on detail routes"); the content's kind picks the body: audio is
// listed and handed to the floating player, a video plays in place, an article is read in place,
// a PDF shows in the browser's viewer (both recording reading time), a link opens in a tab.
import { Button } from 'antd';
import { Link, useMatches, useParams, useSearchParams } from 'react-router';
import type { ContentItem } from '../../../api/catalogue';
import { ApiError } from '../../../api/client';
import { isRouteHandle } from '../../../lib/route-meta';
import { useGoback } from '../../../lib/goback';
import { useAppStore } from '../../../stores/app-store';
import { useContentDetail, useContentParts, type ContentPart } from '../api/content-detail';
import { useCoursePhases } from '../api/course-detail';
import { audioQueueOf, ContentAudioList, PlayAllButton, type AudioQueue } from '../components/content-detail-audio';
import { ContentDetailHeader } from '../components/content-detail-header';
import { ContentDocument, ContentVideo } from '../components/content-detail-media';
import { ContentArticle, ContentPdf } from '../components/content-detail-reading';
import { detailTitleKey, useContentDetailTexts } from '../components/content-detail-texts';
import { detailStateView } from '../components/detail-states';
import { AttachmentList } from '../components/attachment-list';
import { SocialPanel } from '../components/social-panel';
import { RelatedItems } from '../components/related-items';
import { usePageTitle } from '../../../components/use-page-title';

/** A positive integer from the address, or null. */
function positive(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The purpose that names the page: the query's; on the knowledge routes knowledge (2) when the query
 * has none; else the content's own once it is loaded.
 */
export function titlePurpose(query: string | null, knowledgeRoute: boolean, content: ContentItem | undefined): number | undefined {
  const fromQuery = query !== null && /^-?\d+$/.test(query.trim()) ? Number(query) : undefined;
  return fromQuery ?? (knowledgeRoute ? 2 : content?.purpose);
}

/** The whole length: the sum of the parts when they have lengths (the content's own may be its first part's). */
export function totalDuration(content: ContentItem, parts: readonly ContentPart[]): number {
  const sum = parts.reduce((total, part) => total + part.duration, 0);
  return sum > 0 ? sum : content.duration;
}

/**
 * The course a lesson page logs its study under: the query's courseId (the course page adds it)
 * once the course's chapters show this content among its lessons, else null (a standalone save),
 * so a stale or made-up courseId never has its saves refused.
 */
function useLessonCourse(courseId: number | null, contentId: number | null): number | null {
  const phases = useCoursePhases(courseId);
  if (courseId === null || contentId === null || !phases.data) return null;
  return phases.data.some((p) => p.contents.some((l) => l.contentId === contentId)) ? courseId : null;
}

/** spec shell §2 "Page titles": a tenant menu naming this route keeps its title; otherwise the purpose names the page. */
function useDetailTitle(title: string): void {
  const matches = useMatches();
  const menus = useAppStore((s) => s.menus);
  const name = matches.map((m) => m.handle).filter(isRouteHandle).at(-1)?.name;
  const menuNamed = name !== undefined && menus.some((menu) => menu.pageCode === name);
  usePageTitle(menuNamed ? undefined : title);
}

/** The body below the header, by kind; `queue` is the audio queue of an audio content (null while it cannot be known). */
function ContentBody({ content, parts, queue, courseId, userTaskId }: { content: ContentItem; parts: readonly ContentPart[]; queue: AudioQueue | null; courseId: number | null; userTaskId: number | null }) {
  switch (content.kind) {
    case 'audio':
      return queue ? <div style={{ marginTop: 32 }}><ContentAudioList queue={queue} multiPart={queue.rows.length > 1} /></div> : null;
    case 'video':
      return <ContentVideo content={content} parts={parts} courseId={courseId} userTaskId={userTaskId} />;
    case 'article':
      return <ContentArticle content={content} courseId={courseId} userTaskId={userTaskId} />;
    case 'pdf':
      return <ContentPdf content={content} courseId={courseId} userTaskId={userTaskId} />;
    default:
      return <ContentDocument content={content} />;
  }
}

export default function ContentDetailPage() {
  const t = useContentDetailTexts();
  const { id: pathId } = useParams();
  const [search] = useSearchParams();
  const knowledgeRoute = pathId !== undefined;
  const rawId = knowledgeRoute ? pathId : search.get('id');
  const id = positive(rawId);
  const info = useContentDetail(id);
  const courseId = useLessonCourse(positive(search.get('courseId')), id);
  // Opened from a task (startTaskContent's route, issue 19 part A): saves carry logType task and
  // userTaskId (spec learning §3), and the way back leads to the task.
  const userTaskId = positive(search.get('userTaskId'));
  const taskId = positive(search.get('taskId'));
  const partsQuery = useContentParts(id);
  const purpose = titlePurpose(search.get('purpose'), knowledgeRoute, info.data);
  const title = t(detailTitleKey(purpose));
  useDetailTitle(title);
  // spec shell §4 "Leaving a detail page": back to the list the detail was opened from.
  const { target: backTo } = useGoback('content', knowledgeRoute ? '/knowledge' : '/content');

  const back = taskId !== null
    ? <Link to={`/task/detail/${taskId}`} data-testid="content-detail-back">‹ {t('backToTask')}</Link>
    : <Link to={backTo} data-testid="content-detail-back">‹ {t('back')}</Link>;
  const notFound = id === null || (info.error instanceof ApiError && info.error.errorCode === 'CONTENT_NOT_FOUND');

  let body = detailStateView({
    notFound, error: info.isError ? info.error : null, pending: info.isPending || (info.data?.kind === 'audio' && partsQuery.isPending),
    retry: () => void info.refetch(), back, loadingTestId: 'content-detail-loading',
    texts: { notFound: t('notFound'), notFoundHint: t('notFoundHint', { id: rawId ?? '' }), loadFailed: t('loadFailed'), retry: t('retry') },
  });
  if (!body && info.data) {
    const content = info.data;
    const parts = partsQuery.data ?? [];
    // Parts that failed to load: a content in parts is not played as one piece (its own address is
    // usually empty); the retry below brings the list.
    const partsKnown = partsQuery.isSuccess || content.partCount === 0;
    const queue = content.kind === 'audio' && partsKnown ? audioQueueOf(content, parts) : null;
    body = (
      <article data-testid="content-detail" data-content-id={content.id} data-kind={content.kind}>
        <ContentDetailHeader content={content} duration={totalDuration(content, parts)} actions={queue ? <PlayAllButton queue={queue} /> : undefined} />
        {partsQuery.isError && (
          <p role="alert" style={{ margin: '24px 0 0' }}>
            {t('partsFailed')} <Button size="small" onClick={() => void partsQuery.refetch()}>{t('retry')}</Button>
          </p>
        )}
        <ContentBody key={content.id} content={content} parts={parts} queue={queue} courseId={courseId} userTaskId={userTaskId} />
        <AttachmentList targetType="content" targetId={content.id} />
        <SocialPanel targetType="content" targetId={content.id} />
        <RelatedItems kind="content" id={content.id} />
      </article>
    );
  }

  return (
    <div className="content-detail-page" data-testid="content-detail-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ display: 'flex', gap: 12, alignItems: 'baseline', margin: '0 0 16px' }} aria-label={title}>
        {back}
        <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>/</span>
        <span className="content-detail-kicker" data-testid="content-detail-kicker">{title}</span>
      </nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>{body}</div>
    </div>
  );
}
