import type { Paged } from '../../src/api/client';
import type { ExamItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { examCardsContract, examCardsRequest, type ExamCardsProps } from '../../schemas/widgets/exam-cards';

/** exam-cards: exams or surveys (GET /exam/api/exam/search) with a window badge, each opening /exam/detail/{id}. */
export const widget = defineWidget<ExamCardsProps, Paged<ExamItem>>({
  ...examCardsContract,
  load: () => import('./exam-cards'),
  data: (props, ctx) => requestDeclaration<Paged<ExamItem>>(examCardsRequest(props, ctx)),
});
