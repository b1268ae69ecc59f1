import type { LinkItem } from '../../schemas/link';
import type { Scene } from './seed-catalogue-covers';

// The shape of the words a generated catalogue is made of; one vocabulary per language and kind of
// tenant (seed-catalogue-words-*.ts). Patterns use {t} for a topic and {n} for a number;
// no pattern names the date, so a cover drawn later shows the same title as the row.

/**
 * A category and, for a course category's leaf (a subject), the topics its items are about and the
 * scene its covers draw (seed-catalogue-covers.ts).
 */
export interface CategorySpec {
  name: string;
  topics?: string[];
  scene?: Scene;
  children?: CategorySpec[];
}

/** The category trees of an academy, one per list (see CATEGORY_PURPOSE). */
export interface AcademyTrees {
  course: CategorySpec[];
  knowledge: CategorySpec[];
  content: CategorySpec[];
  training: CategorySpec[];
  exam: CategorySpec[];
  task: CategorySpec[];
  article: CategorySpec[];
  reading: CategorySpec[];
  help: CategorySpec[];
}

/** Card captions on generated covers. */
export type CoverLabel =
  | 'course' | 'subject' | 'micro' | 'knowledge' | 'content' | 'work' | 'reading' | 'help' | 'class' | 'room'
  | 'exam' | 'survey' | 'task' | 'game' | 'share' | 'news';

/** Everything an academy's (or a school's) catalogue is written from. */
export interface AcademyVocab {
  locale: 'zh' | 'en';
  labels: Record<CoverLabel, string>;
  trees: AcademyTrees;
  /** Patterns with {t}; classes also {n}. */
  patterns: Record<'course' | 'micro' | 'knowledge' | 'content' | 'work' | 'room' | 'exam' | 'task' | 'game' | 'share' | 'classes' | 'news', string[]>;
  /** Whole titles. */
  titles: Record<'survey' | 'notice' | 'reading' | 'help', string[]>;
  /** Learning paths (专题): [title, the course leaf whose courses and contents it gathers]. */
  subjects: [string, string][];
  /** Summary patterns with {t}; article is [share or work, news]. */
  summaries: Record<'course' | 'content' | 'subject' | 'class' | 'room' | 'exam' | 'survey' | 'task' | 'game' | 'article' | 'notice' | 'reading' | 'help', string[]>;
  chapters: string[];
  /** Lesson patterns with {t}. */
  lessons: string[];
  /** [name, job title, the course leaves (subjects) they teach]: a course, class or room of a subject gets one of its teachers. */
  teachers: [string, string, string[]][];
  /** Patterns with {title} and {t}. */
  teacherIntro: string[];
  /** Learner names: family + given for zh, given + family for en. */
  family: string[];
  given: string[];
  tags: string[];
  /** An author for articles and reading matter. */
  authors: string[];
  /** Home banners; their image draws the scene, with the title and subtitle set on it as a campaign banner's are. */
  banners: { title: string; subtitle: string; link: LinkItem; scene: Scene }[];
}

/** Fills {t}, {n} and {title} in a pattern and capitalises the first letter ("budgeting in practice" → "Budgeting in practice"). */
export function fill(pattern: string, values: { t?: string; n?: number | string; title?: string }): string {
  const text = pattern.replace(/\{(t|n|title)\}/g, (_, key: 't' | 'n' | 'title') => String(values[key] ?? ''));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
