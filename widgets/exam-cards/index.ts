import { searchExams, type ExamItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { listDefaults } from '../../src/components/list-props';
import { defineWidget } from '../../src/runtime/widget-definition';
import { ExamCardsProps } from './schema';

/** exam-cards: exams or surveys (GET /exam/api/exam/search) with a window badge, each opening /exam/detail/{id}. */
export const widget = defineWidget<ExamCardsProps, Paged<ExamItem>>({
  type: 'exam-cards',
  version: 1,
  propsSchema: ExamCardsProps,
  defaultProps: { ...listDefaults(), type: 'exam' },
  migrations: [],
  load: () => import('./exam-cards'),
  data: (props) => {
    const query = { type: props.type, windowState: props.windowState, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['exam', 'exam/search', query], fetch: (signal) => searchExams(query, signal) };
  },
});
