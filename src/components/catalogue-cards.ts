// The cards of catalogue rows (courses, subjects, knowledge, content, articles) outside the home
// page: the same meta lines as the home-page widgets, and links by the jump rules (spec learning
// §2 "Jump rules"), resolved by <RuntimeLink> through src/runtime/links.ts. Used by the search page
// and the learning lists, which may not import each other.
import type { LinkItem } from '../../schemas/link';
import type { ContentItem, CourseItem, SubjectItem } from '../api/catalogue';
import type { ArticleItem } from '../api/community';
import type { CardModel } from './card-grid';
import { widgetText, type WidgetLocale } from './widget-texts';

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

/** A catalogue row with its kind. */
export type CatalogueRow =
  | { kind: 'course'; row: CourseItem }
  | { kind: 'subject'; row: SubjectItem }
  | { kind: 'knowledge'; row: ContentItem }
  | { kind: 'content'; row: ContentItem }
  | { kind: 'share'; row: ArticleItem };

/** The card of a catalogue row. */
export function catalogueCard(item: CatalogueRow, locale: WidgetLocale): CardModel {
  const n = (key: Parameters<typeof widgetText>[1], value: number) => widgetText(locale, key, { n: value });
  const base = { key: item.row.id, title: item.row.title, cover: item.row.cover };
  switch (item.kind) {
    case 'course': {
      const c = item.row;
      return { ...base, link: { linkType: 'courseDetail', id: c.id }, meta: [c.teacherName, n('lessons', c.lessonCount), n('learners', c.studyCount)].filter(Boolean).join(' · ') };
    }
    case 'subject': {
      const s = item.row;
      return { ...base, link: { linkType: 'subjectDetail', id: s.id }, meta: [n('courses', s.courseCount), n('learners', s.studyCount)].join(' · ') };
    }
    case 'knowledge': {
      const k = item.row;
      return { ...base, link: knowledgeLink(k), meta: [k.author, n('views', k.viewCount)].filter(Boolean).join(' · ') };
    }
    case 'content': {
      const c = item.row;
      return { ...base, link: contentLink(c), meta: [c.author, c.partCount > 0 ? n('parts', c.partCount) : undefined, n('views', c.viewCount)].filter(Boolean).join(' · ') };
    }
    case 'share': {
      const a = item.row;
      // spec learning §2: an article goes to /share/article/detail/{id}.
      return { ...base, link: { linkType: 'article', id: a.id }, meta: [a.author, a.publishTime.slice(0, 10), n('views', a.viewCount)].filter(Boolean).join(' · ') };
    }
  }
}
