import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** Props of a subject (topic) list: published subjects of a category. */
export const SubjectListProps = Type.Object(listFields(), { title: '专题列表', description: 'A grid or list of subject cards.' });
export type SubjectListProps = Static<typeof SubjectListProps>;

/** The contract of the subject-list widget (widgets/subject-list/): what the runtime and the server's template check share. */
export const subjectListContract = {
  type: 'subject-list',
  version: 1,
  propsSchema: SubjectListProps,
  defaultProps: listDefaults(),
  migrations: [],
} satisfies WidgetContract<SubjectListProps>;

/** The one GET of widgets/subject-list/, published subjects; the server's home bootstrap makes it too. */
export function subjectListRequest(props: SubjectListProps, _ctx: RequestContext): WidgetRequest {
  return { path: '/cm/api/subject/search', query: { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count } };
}
