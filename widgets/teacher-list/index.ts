import type { Paged } from '../../src/api/client';
import type { TeacherRankItem } from '../../src/api/community';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { teacherListContract, teacherListRequest, type TeacherListProps } from '../../schemas/widgets/teacher-list';

/** The teacher board as cards (GET /um/api/teacher/rank); each opens the teacher's detail page. */
export const widget = defineWidget<TeacherListProps, Paged<TeacherRankItem>>({
  ...teacherListContract,
  load: () => import('./teacher-list'),
  data: (props, ctx) => requestDeclaration<Paged<TeacherRankItem>>(teacherListRequest(props, ctx)),
});
