import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** Props of a course list: published courses of a category, newest or most studied first. */
export const CourseListProps = Type.Object(listFields(), { title: '课程列表', description: 'A grid or list of course cards.' });
export type CourseListProps = Static<typeof CourseListProps>;

/** The contract of the course-list widget (widgets/course-list/): what the runtime and the server's template check share. */
export const courseListContract = {
  type: 'course-list',
  version: 1,
  propsSchema: CourseListProps,
  defaultProps: listDefaults(),
  migrations: [],
} satisfies WidgetContract<CourseListProps>;

/** The one GET of widgets/course-list/, published courses; the server's home bootstrap makes it too. */
export function courseListRequest(props: CourseListProps, _ctx: RequestContext): WidgetRequest {
  return { path: '/cm/api/course/search', query: { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count } };
}
