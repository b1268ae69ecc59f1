import type { Paged } from '../../src/api/client';
import type { SubjectItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { subjectListContract, subjectListRequest, type SubjectListProps } from '../../schemas/widgets/subject-list';

/** subject-list: subject cards (GET /cm/api/subject/search), each opening /subject/detail/{id}. */
export const widget = defineWidget<SubjectListProps, Paged<SubjectItem>>({
  ...subjectListContract,
  load: () => import('./subject-list'),
  data: (props, ctx) => requestDeclaration<Paged<SubjectItem>>(subjectListRequest(props, ctx)),
});
