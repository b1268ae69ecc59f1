import { searchSubjects, type SubjectItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { listDefaults } from '../../src/components/list-props';
import { defineWidget } from '../../src/runtime/widget-definition';
import { SubjectListProps } from './schema';

/** subject-list: subject cards (GET /cm/api/subject/search), each opening /subject/detail/{id}. */
export const widget = defineWidget<SubjectListProps, Paged<SubjectItem>>({
  type: 'subject-list',
  version: 1,
  propsSchema: SubjectListProps,
  defaultProps: listDefaults(),
  migrations: [],
  load: () => import('./subject-list'),
  data: (props) => {
    const query = { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['cm', 'subject/search', query], fetch: (signal) => searchSubjects(query, signal) };
  },
});
