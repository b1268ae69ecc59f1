import { searchClasses, type ClassItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { listDefaults } from '../../src/components/list-props';
import { defineWidget } from '../../src/runtime/widget-definition';
import { ClassListProps } from './schema';

/** class-list: public training classes (GET /train/api/classes/searchAuth), each opening /classes/detail/{id}. */
export const widget = defineWidget<ClassListProps, Paged<ClassItem>>({
  type: 'class-list',
  version: 1,
  propsSchema: ClassListProps,
  defaultProps: listDefaults(),
  migrations: [],
  load: () => import('./class-list'),
  data: (props) => {
    const query = { state: props.state, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['train', 'classes/searchAuth', query], fetch: (signal) => searchClasses(query, signal) };
  },
});
