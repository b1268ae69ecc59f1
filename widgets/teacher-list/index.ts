import type { Paged } from '../../src/api/client';
import { rankTeachers, type TeacherRankItem } from '../../src/api/community';
import { defineWidget } from '../../src/runtime/widget-definition';
import { teacherListContract, type TeacherListProps } from '../../schemas/widgets/teacher-list';

/** The teacher board as cards (GET /um/api/teacher/rank); each opens the teacher's detail page. */
export const widget = defineWidget<TeacherListProps, Paged<TeacherRankItem>>({
  ...teacherListContract,
  load: () => import('./teacher-list'),
  data: (props) => ({
    key: ['um', 'teacher/rank', { pageSize: props.count }],
    fetch: (signal) => rankTeachers({ pageNo: 1, pageSize: props.count }, signal),
  }),
});
