import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** Props of a training class list: public classes of a category, optionally of one state. */
export const ClassListProps = Type.Object({
  ...listFields(),
  state: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
    title: '班级状态', description: '1 enrolling (not started), 2 in progress, 3 finished; empty for every state.',
  })),
}, { title: '培训班列表', description: 'A grid or list of public training classes.' });
export type ClassListProps = Static<typeof ClassListProps>;

/** The contract of the class-list widget (widgets/class-list/): what the runtime and the server's template check share. */
export const classListContract = {
  type: 'class-list',
  version: 1,
  propsSchema: ClassListProps,
  defaultProps: listDefaults(),
  migrations: [],
} satisfies WidgetContract<ClassListProps>;

/** The one GET of widgets/class-list/, public training classes; the server's home bootstrap makes it too. */
export function classListRequest(props: ClassListProps, _ctx: RequestContext): WidgetRequest {
  return {
    path: '/train/api/classes/searchAuth',
    query: { state: props.state, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count },
  };
}
