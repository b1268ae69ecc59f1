import { Type, type Static } from 'typebox';
import { CardFields, Nullable } from '../cm/catalogue';

/** An exam or survey card: /exam/detail/{id}. */
export const ExamItem = Type.Object({
  ...CardFields,
  type: Type.Union([Type.Literal('exam'), Type.Literal('survey')]),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Nullable(Type.String({ format: 'date-time', description: 'null: open-ended.' })),
  duration: Type.Integer({ description: 'Answering time in minutes; 0 for no limit.' }),
  passScore: Nullable(Type.Integer({ description: 'null for surveys.' })),
  totalScore: Nullable(Type.Integer({ description: 'null for surveys.' })),
  questionCount: Type.Integer(),
  joinCount: Type.Integer(),
  windowState: Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')], { description: 'From the clock and the window.' }),
});
export type ExamItem = Static<typeof ExamItem>;
