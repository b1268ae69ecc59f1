import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../common';
import { CardFields, Nullable } from '../list';

// The course detail calls (spec learning §7: GET /cm/api/course/info, phaseContent, phaseContentSum).
// The course detail page codes against these fields (docs/api.md "Course detail").

const Seconds = (description: string) => Type.Integer({ minimum: 0, description });

/** The query of every course detail call. */
export const CourseQuery = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Integer({ minimum: 1, description: 'The course id.' }),
});

/** The teacher of a course, as its detail page shows them. */
export const CourseTeacher = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  title: Nullable(Type.String({ description: 'The teacher\'s title, e.g. 高级讲师.' })),
  avatar: Nullable(Type.String({ description: 'Avatar image URL.' })),
  intro: Nullable(Type.String({ description: 'A few lines about the teacher (the course page\'s teacher card).' })),
});
export type CourseTeacher = Static<typeof CourseTeacher>;

/** One published course with its teacher and totals: the head of /course/detail/{id}. */
export const CourseInfo = Type.Object({
  ...CardFields,
  labels: Type.Array(Type.String(), { description: 'Short tags.' }),
  teacher: Nullable(CourseTeacher),
  studyCount: Type.Integer(),
  favourCount: Type.Integer(),
  score: Type.Number({ description: 'Average rating, 0 to 5, to one decimal: the rating summary\'s average (commentScore/getScore), 0 when nobody rated.' }),
  chapterCount: Type.Integer({ description: 'Phases (chapters).' }),
  lessonCount: Type.Integer({ description: 'Phase contents (lessons) across all chapters.' }),
  duration: Seconds('Total length of the lessons in seconds.'),
});
export type CourseInfo = Static<typeof CourseInfo>;

/** One lesson of a chapter. */
export const CourseLesson = Type.Object({
  id: Type.Integer({ description: 'The phase-content (lesson) id.' }),
  contentId: Nullable(Type.Integer({ description: 'The library content the lesson plays, the contentId of its study records; null when the lesson has none.' })),
  title: Type.String(),
  kind: Type.String({ description: 'video, audio, pdf, article or link.' }),
  duration: Seconds('Length in seconds; 0 when unknown.'),
  mediaUrl: Nullable(Type.String({ description: 'The content\'s media (a `media:` address for stored audio and video); null without a published content or media.' })),
  purpose: Nullable(Type.Integer({ description: 'The content\'s purpose (picks its detail page); null without a published content.' })),
});
export type CourseLesson = Static<typeof CourseLesson>;

/** A chapter with its lessons, both in order. */
export const CoursePhase = Type.Object({
  id: Type.Integer({ description: 'The phase (chapter) id.' }),
  title: Type.String(),
  sort: Type.Integer({ description: 'Position in the course, from 0; the list is already in this order.' }),
  contents: Type.Array(CourseLesson, { description: 'The lessons in order.' }),
});
export type CoursePhase = Static<typeof CoursePhase>;

/** The totals of a course's chapters. */
export const CoursePhaseSum = Type.Object({
  phaseCount: Type.Integer({ description: 'Chapters.' }),
  lessonCount: Type.Integer({ description: 'Lessons across all chapters.' }),
  duration: Seconds('Total length of the lessons in seconds.'),
});
export type CoursePhaseSum = Static<typeof CoursePhaseSum>;
