import type { Paged } from '../../src/api/client';
import { rankTeachers, type TeacherRankItem } from '../../src/api/community';
import { defineWidget } from '../../src/runtime/widget-definition';
import { TeacherListProps } from './schema';

/** The teacher board as cards (GET /um/api/teacher/rank); each opens the teacher's detail page. */
export const widget = defineWidget<TeacherListProps, Paged<TeacherRankItem>>({
  type: 'teacher-list',
  version: 1,
  propsSchema: TeacherListProps,
  defaultProps: { count: 8, columns: 4, showIntro: true },
  migrations: [],
  load: () => import('./teacher-list'),
  data: (props) => ({
    key: ['um', 'teacher/rank', { pageSize: props.count }],
    fetch: (signal) => rankTeachers({ pageNo: 1, pageSize: props.count }, signal),
  }),
});
