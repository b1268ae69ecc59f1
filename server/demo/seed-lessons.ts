// Every lesson of a demo course opens something (issue 7: "a believable catalogue … 30+ courses
// with chapters"). The generator links only some video lessons to a micro-lesson of the library;
// the others had no content and showed as 暂未开放, two lessons in three. This pass gives each of
// them a content of its own, purpose 8 "course lesson" (server/lib/purposes.ts): the
// lesson's kind, title and length, the course's cover, teacher and summary. Such contents are not
// listed in the library (content/search leaves purpose 8 out, as it does help), so studying one
// lesson never makes other courses look studied. Their media come later, from the same passes as
// the library's: demo videos (seed-video.ts) and documents (seed-documents.ts). Uses no random
// numbers, so the rest of the plan stays as the seeded generator made it.
import { CONTENT_PURPOSE } from '../lib/purposes';
import type { CataloguePlan } from './seed-catalogue-plan';

/** "1.2 Title" → "Title": the lesson's own name, without its chapter numbering. */
export function lessonName(title: string): string {
  return title.replace(/^\d+(\.\d+)*\s+/, '');
}

/**
 * Gives every lesson without a content a course-lesson content (purpose 8) of its own, and so does
 * a lesson that repeats a content an earlier lesson of its course already is (the generator may pick
 * one micro-lesson twice): a course's lessons are then its distinct contents, and "已学 n/m 课时"
 * counts every lesson.
 */
export function attachLessonContents(plan: CataloguePlan): void {
  const teachers = new Map(plan.teachers.map((t) => [t.key, t.name]));
  for (const course of plan.courses) {
    const used = new Set<string>();
    course.phases.forEach((phase, p) => {
      phase.lessons.forEach((lesson, l) => {
        if (lesson.contentKey !== null && !used.has(lesson.contentKey)) {
          used.add(lesson.contentKey);
          return;
        }
        const key = `${course.key}-p${p + 1}-l${l + 1}`;
        plan.contents.push({
          key, purpose: CONTENT_PURPOSE.lesson, kind: lesson.kind, title: lessonName(lesson.title), cover: course.cover,
          categoryKey: null, summary: course.summary, author: course.teacherKey ? teachers.get(course.teacherKey) ?? null : null,
          duration: lesson.duration, mediaUrl: null, labels: [], viewCount: 0, favourCount: 0, parts: [], publishTime: course.publishTime,
        });
        lesson.contentKey = key;
      });
    });
  }
}
