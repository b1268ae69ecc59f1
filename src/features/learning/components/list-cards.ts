// The cards of the learning lists: the same meta lines as the home-page widgets, and links by the
// jump rules (spec learning §2 "Jump rules"), resolved by <RuntimeLink> through src/runtime/links.ts.
import type { LinkItem } from '../../../../schemas/link';
import type { ContentItem, CourseItem, SubjectItem } from '../../../api/catalogue';
import type { ArticleItem } from '../../../api/community';
import type { CardModel } from '../../../components/card-grid';
import { widgetText, type WidgetLocale } from '../../../components/widget-texts';
import type { ListKind, ListRow } from '../api/list-kinds';

/** spec learning §9: contents of purposes 5, 6 and 7 are reading. */
export const READING_PURPOSES: ReadonlySet<number> = new Set([5, 6, 7]);

/** Where a content card leads: the reader /content/noval/{id}?purpose= for reading, else the content detail with id and purpose. */
export function contentLink(item: Pick<ContentItem, 'id' | 'purpose'>): LinkItem {
  return READING_PURPOSES.has(item.purpose)
    ? { linkType: 'contentNoval', id: item.id, params: { purpose: item.purpose } }
    : { linkType: 'contentDetail', params: { id: item.id, purpose: item.purpose } };
}

/** spec learning §2: a knowledge card opens /knowledge/detail/{id} with its purpose (1 micro-course, 2 knowledge). */
export function knowledgeLink(item: Pick<ContentItem, 'id' | 'purpose'>): LinkItem {
  return { linkType: 'knowledgeDetail', id: item.id, params: { purpose: item.purpose } };
}

/** The card of a row of a list. */
export function cardOf(kind: ListKind, row: ListRow, locale: WidgetLocale): CardModel {
  const n = (key: Parameters<typeof widgetText>[1], value: number) => widgetText(locale, key, { n: value });
  const base = { key: row.id, title: row.title, cover: row.cover };
  switch (kind) {
    case 'course': {
      const c = row as CourseItem;
      return { ...base, link: { linkType: 'courseDetail', id: c.id }, meta: [c.teacherName, n('lessons', c.lessonCount), n('learners', c.studyCount)].filter(Boolean).join(' · ') };
    }
    case 'subject': {
      const s = row as SubjectItem;
      return { ...base, link: { linkType: 'subjectDetail', id: s.id }, meta: [n('courses', s.courseCount), n('learners', s.studyCount)].join(' · ') };
    }
    case 'knowledge': {
      const k = row as ContentItem;
      return { ...base, link: knowledgeLink(k), meta: [k.author, n('views', k.viewCount)].filter(Boolean).join(' · ') };
    }
    case 'content': {
      const c = row as ContentItem;
      return { ...base, link: contentLink(c), meta: [c.author, c.partCount > 0 ? n('parts', c.partCount) : undefined, n('views', c.viewCount)].filter(Boolean).join(' · ') };
    }
    case 'share': {
      const a = row as ArticleItem;
      // spec learning §2: an article goes to /share/article/detail/{id}.
      return { ...base, link: { linkType: 'article', id: a.id }, meta: [a.author, a.publishTime.slice(0, 10), n('views', a.viewCount)].filter(Boolean).join(' · ') };
    }
  }
}
