import { Type, type Static } from 'typebox';
import { listFields } from '../../src/components/list-props';

/** Props of a course list: published courses of a category, newest or most studied first. */
export const CourseListProps = Type.Object(listFields(), { title: '课程列表', description: 'A grid or list of course cards.' });
export type CourseListProps = Static<typeof CourseListProps>;
