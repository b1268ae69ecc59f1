// The subject's courses and contents in order: each item's kind, length and (signed in) a content's
// study state. A course opens its detail page; an audio content plays in the floating player (never
// here); another content opens its detail page; a content without its media cannot be opened.
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import type { ProgressResponse } from '../../../api/hist';
import type { SubjectEntry } from '../api/subject-detail';
import { formatDuration } from './content-detail-texts';
import { studyOf, type LessonStudy } from './course-detail-study';
import { isItemOpenable, itemTarget } from './subject-detail-study';
import { itemKindKey, useSubjectDetailTexts } from './subject-detail-texts';

/** What the list needs from the page. */
export interface ItemActions {
  /** Hands an audio content (with the subject's other audio contents) to the floating player. */
  play(item: SubjectEntry): void;
  /** Called as a course or content page opens, so its back action returns to this subject. */
  leaving(item: SubjectEntry): void;
  /** The content the floating player is playing as a content of this subject; null otherwise. */
  playingContentId: number | null;
  /** The signed-in user's records of the subject; null for a guest (no states are shown). */
  records: readonly ProgressResponse[] | null;
}

const STATE_COLOR: Record<LessonStudy['status'], string | undefined> = { new: undefined, studying: 'processing', finished: 'success' };

/** A content's state as a tag: 未开始, 已学 x% or 已完成. */
function StudyTag({ study }: { study: LessonStudy }) {
  const t = useSubjectDetailTexts();
  const text = study.status === 'finished' ? t('stateFinished') : study.status === 'studying' ? t('stateStudying', { n: study.percentage }) : t('stateNew');
  return <Tag color={STATE_COLOR[study.status]} data-testid="subject-item-state" data-status={study.status} style={{ marginInlineEnd: 0 }}>{text}</Tag>;
}

function ItemRow({ item, position, actions }: { item: SubjectEntry; position: number; actions: ItemActions }) {
  const t = useSubjectDetailTexts();
  const kind = itemKindKey(item.kind, item.contentKind);
  const openable = isItemOpenable(item);
  const target = itemTarget(item);
  const audio = item.kind === 'content' && item.contentKind === 'audio';
  const playing = audio && item.contentId !== null && item.contentId === actions.playingContentId;
  const label = item.kind === 'course' ? t('courseTitle', { title: item.title }) : audio ? t('playTitle', { title: item.title }) : t('openTitle', { title: item.title });
  const title = <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.title}</span>;

  let titleCell;
  if (!openable) {
    titleCell = <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{title}</span>;
  } else if (target !== null) {
    titleCell = <Link to={target} aria-label={label} onClick={() => actions.leaving(item)} style={{ display: 'flex', minWidth: 0 }}>{title}</Link>;
  } else {
    titleCell = <Button type="link" aria-label={label} onClick={() => actions.play(item)} style={{ padding: 0, height: 'auto', maxWidth: '100%' }}>▶ {title}</Button>;
  }

  let state = null;
  if (item.kind === 'content' && !openable) state = <Tag style={{ marginInlineEnd: 0 }}>{t('notReady')}</Tag>;
  else if (item.kind === 'content' && actions.records !== null) state = <StudyTag study={studyOf(actions.records, item.contentId)} />;

  return (
    <li
      data-testid="subject-item" data-item-id={item.id} data-kind={item.kind} data-openable={openable} aria-current={playing ? 'true' : undefined}
      style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '12px 8px', borderBottom: '1px solid var(--portal-border, #f0f0f0)', background: playing ? 'var(--portal-fill, #f5f7fa)' : undefined }}
    >
      <span style={{ flex: '0 0 2em', textAlign: 'right', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontVariantNumeric: 'tabular-nums' }}>{position}</span>
      <Tag color={item.kind === 'course' ? 'geekblue' : undefined} style={{ flex: '0 0 auto', marginInlineEnd: 0 }}>{kind ? t(kind) : item.contentKind}</Tag>
      <span style={{ flex: 1, minWidth: 0, display: 'flex' }}>{titleCell}</span>
      {playing && <span style={{ flex: '0 0 auto', color: 'var(--portal-primary-text, #1677ff)' }}>{t('playing')}</span>}
      <span style={{ flex: '0 0 auto', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontVariantNumeric: 'tabular-nums' }}>
        {item.duration > 0 ? formatDuration(item.duration) : ''}
      </span>
      <span style={{ flex: '0 0 6em', textAlign: 'right' }}>{state}</span>
    </li>
  );
}

/** The subject's items in order, numbered from 1. */
export function SubjectItemList({ items, actions }: { items: readonly SubjectEntry[]; actions: ItemActions }) {
  const t = useSubjectDetailTexts();
  return (
    <section className="subject-detail-items" aria-labelledby="subject-detail-items" style={{ marginTop: 32 }}>
      <h2 id="subject-detail-items" style={{ margin: '0 0 12px', fontSize: 18, fontWeight: 600 }}>{t('items')}</h2>
      {items.length === 0
        ? <p style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('noItems')}</p>
        : (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item, i) => <ItemRow key={item.id} item={item} position={i + 1} actions={actions} />)}
          </ol>
        )}
    </section>
  );
}
