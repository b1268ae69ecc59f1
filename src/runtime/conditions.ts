import type { BlockCondition } from '../../schemas/page-template';
import type { ContentRef, ViewerFacts } from './widget-definition';

const includes = (list: readonly ContentRef[] | undefined, id: ContentRef): boolean => (list ?? []).some((x) => String(x) === String(id));

/**
 * True when every fact the condition lists holds for the viewer (no condition: always). Facts the
 * shell did not supply count as not holding, so a block never shows on a guess.
 */
export function evaluateCondition(condition: BlockCondition | undefined, viewer: ViewerFacts): boolean {
  if (!condition) return true;
  if (condition.audience !== undefined) {
    const audiences = Array.isArray(condition.audience) ? condition.audience : [condition.audience];
    if (!audiences.includes(viewer.audience)) return false;
  }
  if (condition.enrolled && !includes(viewer.enrolled?.[condition.enrolled.kind], condition.enrolled.id)) return false;
  if (condition.finishedCourse !== undefined && !includes(viewer.finishedCourses, condition.finishedCourse)) return false;
  if (condition.examWindowOpen !== undefined && !includes(viewer.openExams, condition.examWindowOpen)) return false;
  if (condition.cartNotEmpty !== undefined) {
    if (viewer.cartCount === undefined) return false;
    if (condition.cartNotEmpty !== viewer.cartCount > 0) return false;
  }
  return true;
}

/** Ready-made viewers for the designer's "preview as" menu. */
export const PREVIEW_PERSONAS: Readonly<Record<'guest' | 'learner' | 'teacher', ViewerFacts>> = {
  guest: { audience: 'guest', cartCount: 0 },
  learner: { audience: 'learner', cartCount: 0 },
  teacher: { audience: 'teacher', cartCount: 0 },
};
