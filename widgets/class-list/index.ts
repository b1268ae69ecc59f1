import { searchClasses, type ClassItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { classListContract, type ClassListProps } from '../../schemas/widgets/class-list';

/** class-list: public training classes (GET /train/api/classes/searchAuth), each opening /classes/detail/{id}. */
export const widget = defineWidget<ClassListProps, Paged<ClassItem>>({
  ...classListContract,
  load: () => import('./class-list'),
  data: (props) => {
    const query = { state: props.state, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['train', 'classes/searchAuth', query], fetch: (signal) => searchClasses(query, signal) };
  },
});
