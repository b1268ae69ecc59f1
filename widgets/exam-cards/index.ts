import { searchExams, type ExamItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { examCardsContract, type ExamCardsProps } from '../../schemas/widgets/exam-cards';

/** exam-cards: exams or surveys (GET /exam/api/exam/search) with a window badge, each opening /exam/detail/{id}. */
export const widget = defineWidget<ExamCardsProps, Paged<ExamItem>>({
  ...examCardsContract,
  load: () => import('./exam-cards'),
  data: (props) => {
    const query = { type: props.type, windowState: props.windowState, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['exam', 'exam/search', query], fetch: (signal) => searchExams(query, signal) };
  },
});
