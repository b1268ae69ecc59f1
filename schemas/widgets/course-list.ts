import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';

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
