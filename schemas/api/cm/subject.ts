import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../common';
import { Nullable } from '../list';
import { SubjectItem } from './catalogue';

// The subject detail calls (spec learning §7: GET /cm/api/subject/info, content). The subject detail
// page codes against these fields (docs/api.md "Subject detail").

const Seconds = (description: string) => Type.Integer({ minimum: 0, description });

/** The query of every subject detail call. */
export const SubjectQuery = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Integer({ minimum: 1, description: 'The subject id.' }),
});

/** One published subject with its counts: the head of /subject/detail/{id}. */
export const SubjectInfo = Type.Object({
  ...SubjectItem.properties,
  itemCount: Type.Integer({ description: 'Published courses and contents in the subject: the rows subject/content lists.' }),
  courseCount: Type.Integer({ description: 'Published courses in the subject.' }),
  contentCount: Type.Integer({ description: 'Published contents in the subject (not counting its courses\' lessons).' }),
  duration: Seconds('Total length of the items in seconds: each course\'s lessons and each content.'),
});
export type SubjectInfo = Static<typeof SubjectInfo>;

/** One item of a subject: a course or a content, never both. */
export const SubjectEntry = Type.Object({
  id: Type.Integer({ description: 'The subject item id.' }),
  kind: Type.Union([Type.Literal('course'), Type.Literal('content')], { description: 'course: opens /course/detail/{courseId}; content: plays or opens the content.' }),
  courseId: Nullable(Type.Integer({ description: 'The course, for kind course.' })),
  contentId: Nullable(Type.Integer({ description: 'The content, for kind content; the contentId of its study records.' })),
  title: Type.String({ description: 'The course\'s or content\'s title.' }),
  cover: Nullable(Type.String({ description: 'The course\'s or content\'s cover image URL.' })),
  duration: Seconds('A course: the total length of its lessons; a content: its length. 0 when unknown.'),
  contentKind: Nullable(Type.String({ description: 'A content\'s kind: video, audio, pdf, article or link; null for a course.' })),
  mediaUrl: Nullable(Type.String({ description: 'A content\'s media (a `media:` address for stored audio and video); null for a course or a content without media.' })),
  purpose: Nullable(Type.Integer({ description: 'A content\'s purpose (picks its detail page); null for a course.' })),
});
export type SubjectEntry = Static<typeof SubjectEntry>;
