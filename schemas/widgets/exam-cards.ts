import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** Props of exam cards: exams or surveys, each with a badge for its answering window. */
export const ExamCardsProps = Type.Object({
  ...listFields(),
  type: Type.Union([Type.Literal('exam'), Type.Literal('survey')], {
    title: '类型', description: 'exam: exams with questions, time and pass score; survey: questionnaires.', default: 'exam',
  }),
  windowState: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')], {
    title: '答题窗口', description: 'Only exams whose window is upcoming, open now or closed; empty for all.',
  })),
}, { title: '考试卡片', description: 'A grid or list of exam or survey cards.' });
export type ExamCardsProps = Static<typeof ExamCardsProps>;

/** The contract of the exam-cards widget (widgets/exam-cards/): what the runtime and the server's template check share. */
export const examCardsContract = {
  type: 'exam-cards',
  version: 1,
  propsSchema: ExamCardsProps,
  defaultProps: { ...listDefaults(), type: 'exam' },
  migrations: [],
} satisfies WidgetContract<ExamCardsProps>;

/** The one GET of widgets/exam-cards/, exams or surveys; the server's home bootstrap makes it too. */
export function examCardsRequest(props: ExamCardsProps, _ctx: RequestContext): WidgetRequest {
  return {
    path: '/exam/api/exam/search',
    query: { type: props.type, windowState: props.windowState, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count },
  };
}
