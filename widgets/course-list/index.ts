import type { Paged } from '../../src/api/client';
import type { CourseItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { courseListContract, courseListRequest, type CourseListProps } from '../../schemas/widgets/course-list';

/** course-list: course cards (GET /cm/api/course/search), each opening /course/detail/{id}. */
export const widget = defineWidget<CourseListProps, Paged<CourseItem>>({
  ...courseListContract,
  load: () => import('./course-list'),
  data: (props, ctx) => requestDeclaration<Paged<CourseItem>>(courseListRequest(props, ctx)),
});
