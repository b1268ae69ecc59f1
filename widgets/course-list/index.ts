import { searchCourses, type CourseItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { courseListContract, type CourseListProps } from '../../schemas/widgets/course-list';

/** course-list: course cards (GET /cm/api/course/search), each opening /course/detail/{id}. */
export const widget = defineWidget<CourseListProps, Paged<CourseItem>>({
  ...courseListContract,
  load: () => import('./course-list'),
  data: (props) => {
    const query = { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['cm', 'course/search', query], fetch: (signal) => searchCourses(query, signal) };
  },
});
