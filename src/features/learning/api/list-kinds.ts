// What each learning list page lists (spec learning §2 "Learning lists"): its list call, its tabs
// (a purpose or kind the tab writes to the query), the category tree each tab filters with, and
// the query hooks. Every list call takes categoryId (with everything under it), searchValue and
// sort newest | popular (docs/api.md "Catalogue lists"); courses, subjects and contents also a label.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchContents, searchCourses, searchSubjects, type ContentItem, type CourseItem, type SubjectItem } from '../../../api/catalogue';
import { getCategoryTree, LIST_CATEGORY_PURPOSE } from '../../../api/catalogue-lists';
import type { Paged } from '../../../api/client';
import { searchArticles, type ArticleItem } from '../../../api/community';
import type { CardLayout } from '../../../components/card-grid';
import type { GobackKind } from '../../../lib/goback';
import { useAppStore } from '../../../stores/app-store';
import type { LearningText } from '../components/texts';

/** The five list pages; /courseInfo is the course list in list layout. */
export type ListKind = 'course' | 'subject' | 'knowledge' | 'content' | 'share';

/** The sorts every list call takes; newest is the server's default. */
export type ListSort = 'newest' | 'popular';
export const LIST_SORTS: readonly ListSort[] = ['newest', 'popular'];

/** A tab of a list page: the values it writes to the tab query parameter, and its category tree. */
export interface ListTab {
  label: LearningText;
  /** The purposes (or the article kind) the tab lists; empty lists everything. */
  values: readonly string[];
  /** The cm category purpose of the tab's category tree. */
  categoryPurpose: number;
}

/** One list page. */
export interface ListConfig {
  kind: ListKind;
  /** The heading when no category is chosen. */
  title: LearningText;
  /** The query parameter the tabs write: purpose (repeatable, as the content call reads it) or kind. */
  tabParam?: 'purpose' | 'kind';
  /** At least one; a single tab shows no tab bar. */
  tabs: readonly ListTab[];
  layout: CardLayout;
  /** The goback slot a card click fills (spec shell §3): course, subject, content, article. */
  goback?: GobackKind;
}

const { course, knowledge, content, article, reading } = LIST_CATEGORY_PURPOSE;

/** spec learning §2 lists. Category jumps (spec shell §2) add purpose=2 to /knowledge and purpose=1 to /content. */
export const LIST_CONFIGS = {
  course: { kind: 'course', title: 'titleCourse', tabs: [{ label: 'titleCourse', values: [], categoryPurpose: course }], layout: 'grid', goback: 'course' },
  // /courseInfo: the same courses as a catalogue, one per row with the cover at the left.
  courseInfo: { kind: 'course', title: 'titleCourseInfo', tabs: [{ label: 'titleCourse', values: [], categoryPurpose: course }], layout: 'list', goback: 'course' },
  subject: { kind: 'subject', title: 'titleSubject', tabs: [{ label: 'titleSubject', values: [], categoryPurpose: course }], layout: 'grid', goback: 'subject' },
  // Knowledge (2) lives in the knowledge tree; micro-courses (1) in the content tree (docs/api.md "Category purposes").
  knowledge: {
    kind: 'knowledge', title: 'titleKnowledge', tabParam: 'purpose', layout: 'grid', goback: 'content',
    tabs: [
      { label: 'tabKnowledge', values: ['2'], categoryPurpose: knowledge },
      { label: 'tabMicro', values: ['1'], categoryPurpose: content },
    ],
  },
  // Micro-lessons, contents and works share the content tree; reading (5, 6, 7) has its own.
  content: {
    kind: 'content', title: 'titleContent', tabParam: 'purpose', layout: 'grid', goback: 'content',
    tabs: [
      { label: 'tabAll', values: ['1', '3', '4'], categoryPurpose: content },
      { label: 'tabMicro', values: ['1'], categoryPurpose: content },
      { label: 'tabContent', values: ['3'], categoryPurpose: content },
      { label: 'tabWork', values: ['4'], categoryPurpose: content },
      { label: 'tabReading', values: ['5', '6', '7'], categoryPurpose: reading },
    ],
  },
  share: {
    kind: 'share', title: 'titleShare', tabParam: 'kind', layout: 'grid', goback: 'article',
    tabs: [
      { label: 'tabAll', values: [], categoryPurpose: article },
      { label: 'tabShare', values: ['share'], categoryPurpose: article },
      { label: 'tabNews', values: ['news'], categoryPurpose: article },
    ],
  },
} as const satisfies Record<string, ListConfig>;

/** What one page of a list asks. */
export interface ListRequest {
  /** The tab param values in force (a tab's values, or the subset the address named). */
  values: readonly string[];
  categoryId?: number;
  searchValue?: string;
  /** A label the items must carry; courses, subjects and contents only. */
  label?: string;
  sort: ListSort;
  pageNo: number;
  pageSize: number;
}

/** A row of any list. */
export type ListRow = CourseItem | SubjectItem | ContentItem | ArticleItem;

/** The list call of a kind. Newest, the server default, is not sent. */
export function fetchList(kind: ListKind, req: ListRequest, signal?: AbortSignal): Promise<Paged<ListRow>> {
  const query = {
    pageNo: req.pageNo, pageSize: req.pageSize, categoryId: req.categoryId, searchValue: req.searchValue,
    sort: req.sort === 'newest' ? undefined : req.sort,
  };
  const labelled = { ...query, label: req.label || undefined };
  switch (kind) {
    case 'course': return searchCourses(labelled, signal);
    case 'subject': return searchSubjects(labelled, signal);
    case 'knowledge':
    case 'content': return searchContents({ ...labelled, purpose: req.values.map(Number) }, signal);
    case 'share': {
      const only = req.values.length === 1 && (req.values[0] === 'share' || req.values[0] === 'news') ? req.values[0] : undefined;
      return searchArticles({ ...query, kind: only }, signal);
    }
  }
}

/** One page of a list; the previous page stays on screen while the next loads. */
export function useListPage(kind: ListKind, req: ListRequest) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['learning', tenantId, kind, req.values, req.categoryId ?? null, req.searchValue ?? '', req.label ?? '', req.sort, req.pageNo, req.pageSize] as const,
    queryFn: ({ signal }) => fetchList(kind, req, signal),
    placeholderData: keepPreviousData,
  });
}

/** The category tree of a purpose; categories change seldom, so it stays fresh for ten minutes. */
export function useCategoryTree(purpose: number) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['learning', tenantId, 'categories', purpose] as const,
    queryFn: ({ signal }) => getCategoryTree(purpose, signal),
    staleTime: 10 * 60_000,
  });
}
