import { Type, type Static } from 'typebox';
import { PageParams } from '../list';
import { ContentItem, CourseItem, SubjectItem } from './catalogue';

// The personal center's study lists (spec learning §2 "Personal center": myCourse, myKnowledge,
// mySubject; §7 course/subject/content searchByUser; docs/api.md "Personal center: study").

const LastStudyTime = Type.String({ format: 'date-time', description: 'When the user\'s progress on it last moved.' });
const FinishedCount = Type.Integer({ minimum: 0, description: 'Lessons the user finished (finished never reverts).' });
const LessonCount = Type.Integer({ minimum: 0, description: 'Distinct lesson contents; the denominator of finishedCount.' });
const Progress = Type.Integer({ minimum: 0, maximum: 100, description: 'The user\'s progress in percent: every lesson weighs the same, a finished one 100, one begun its share; 100 only when all are finished.' });

/** Paging only: the caller's own lists. */
export const MyStudyQuery = Type.Object(PageParams);

export const MyContentQuery = Type.Object({
  ...PageParams,
  purpose: Type.Optional(Type.Array(Type.Integer(), {
    maxItems: 10,
    description: 'Content purpose, repeatable: 1 micro-course, 2 knowledge, 3 content, 4 work, 5/6/7 reading, 99 help. When absent: every purpose but help.',
  })),
});

/** A course the user studied in (a record logged with its courseId): the course card with the user's progress on it. */
export const StudiedCourse = Type.Object({
  ...CourseItem.properties,
  lessonCount: LessonCount,
  finishedCount: FinishedCount,
  percentage: Progress,
  lastStudyTime: LastStudyTime,
});
export type StudiedCourse = Static<typeof StudiedCourse>;

/** A subject the user studied (one of its contents, or a lesson of one of its courses). */
export const StudiedSubject = Type.Object({
  ...SubjectItem.properties,
  lessonCount: LessonCount,
  finishedCount: FinishedCount,
  percentage: Progress,
  lastStudyTime: LastStudyTime,
});
export type StudiedSubject = Static<typeof StudiedSubject>;

/** A content the user studied, inside a course or not, with the user's progress on it. */
export const StudiedContent = Type.Object({
  ...ContentItem.properties,
  duration: Type.Integer({ minimum: 0, description: 'Length in seconds: the content\'s, or the longest the player reported.' }),
  maxProgress: Type.Integer({ minimum: 0, description: 'Furthest position reached, in seconds (summed over parts for a content studied part by part).' }),
  state: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 in progress, 2 finished (the whole content, or every part of it).' }),
  percentage: Type.Integer({ minimum: 0, maximum: 100, description: '100 when finished; else maxProgress over duration, or the reported percentage when no duration is known.' }),
  lastStudyTime: LastStudyTime,
});
export type StudiedContent = Static<typeof StudiedContent>;
