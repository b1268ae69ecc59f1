import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

export const TeacherListProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: "Heading above the list; none when empty, the widget's default heading in the visitor's language when unset.", maxLength: 60 })),
  count: Type.Integer({ title: '数量', description: 'How many teachers to show, best ranked first, 1 to 50.', minimum: 1, maximum: 50, default: 8 }),
  columns: Type.Integer({ title: '每行个数', description: 'Teachers per row, 1 to 8.', minimum: 1, maximum: 8, default: 4 }),
  showIntro: Type.Boolean({ title: '显示简介', description: 'Show two lines of each teacher\'s introduction.', default: true }),
  more: Type.Optional(LinkItem),
});
export type TeacherListProps = Static<typeof TeacherListProps>;

/** The contract of the teacher-list widget (widgets/teacher-list/): what the runtime and the server's template check share. */
export const teacherListContract = {
  type: 'teacher-list',
  version: 1,
  propsSchema: TeacherListProps,
  defaultProps: { count: 8, columns: 4, showIntro: true },
  migrations: [],
} satisfies WidgetContract<TeacherListProps>;

/** The one GET of widgets/teacher-list/, the teacher board, best first; the server's home bootstrap makes it too. */
export function teacherListRequest(props: TeacherListProps, _ctx: RequestContext): WidgetRequest {
  return { path: '/um/api/teacher/rank', query: { pageNo: 1, pageSize: props.count } };
}
