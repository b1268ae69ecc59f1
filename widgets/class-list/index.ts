import type { Paged } from '../../src/api/client';
import type { ClassItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { classListContract, classListRequest, type ClassListProps } from '../../schemas/widgets/class-list';

/** class-list: public training classes (GET /train/api/classes/searchAuth), each opening /classes/detail/{id}. */
export const widget = defineWidget<ClassListProps, Paged<ClassItem>>({
  ...classListContract,
  load: () => import('./class-list'),
  data: (props, ctx) => requestDeclaration<Paged<ClassItem>>(classListRequest(props, ctx)),
});
