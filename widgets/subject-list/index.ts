import { searchSubjects, type SubjectItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { subjectListContract, type SubjectListProps } from '../../schemas/widgets/subject-list';

/** subject-list: subject cards (GET /cm/api/subject/search), each opening /subject/detail/{id}. */
export const widget = defineWidget<SubjectListProps, Paged<SubjectItem>>({
  ...subjectListContract,
  load: () => import('./subject-list'),
  data: (props) => {
    const query = { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['cm', 'subject/search', query], fetch: (signal) => searchSubjects(query, signal) };
  },
});
