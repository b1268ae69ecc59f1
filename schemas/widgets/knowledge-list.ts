import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** Props of a micro-lesson / knowledge list (contents of purpose 1 and 2). */
export const KnowledgeListProps = Type.Object({
  ...listFields(),
  purpose: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], {
    title: '内容类型', description: '1: micro-lessons only; 2: knowledge only; empty for both.',
  })),
}, { title: '微课知识列表', description: 'A grid or list of micro-lesson and knowledge cards.' });
export type KnowledgeListProps = Static<typeof KnowledgeListProps>;

/** The contract of the knowledge-list widget (widgets/knowledge-list/): what the runtime and the server's template check share. */
export const knowledgeListContract = {
  type: 'knowledge-list',
  version: 1,
  propsSchema: KnowledgeListProps,
  defaultProps: listDefaults(),
  migrations: [],
} satisfies WidgetContract<KnowledgeListProps>;

/** The one GET of widgets/knowledge-list/, micro-lessons and knowledge, purpose 1 and 2 unless one is chosen; the server's home bootstrap makes it too. */
export function knowledgeListRequest(props: KnowledgeListProps, _ctx: RequestContext): WidgetRequest {
  return {
    path: '/cm/api/content/search',
    query: { purpose: props.purpose ? [props.purpose] : [1, 2], categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count },
  };
}
