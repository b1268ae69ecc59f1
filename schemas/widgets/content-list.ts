import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** Props of a content list: contents of one purpose (micro-lessons, contents, works, reading…). */
export const ContentListProps = Type.Object({
  ...listFields(),
  purpose: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5), Type.Literal(6), Type.Literal(7)], {
    title: '内容用途', description: '1 micro-lesson, 2 knowledge, 3 content, 4 work, 5/6/7 reading (opens the reader).', default: 3,
  }),
  kind: Type.Optional(Type.Union([Type.Literal('video'), Type.Literal('audio'), Type.Literal('pdf'), Type.Literal('article'), Type.Literal('link')], {
    title: '媒体类型', description: 'Only contents of this kind (video, audio, pdf, article or link); empty for every kind.',
  })),
}, { title: '内容列表', description: 'A grid or list of content cards of one purpose.' });
export type ContentListProps = Static<typeof ContentListProps>;

/** The contract of the content-list widget (widgets/content-list/): what the runtime and the server's template check share. */
export const contentListContract = {
  type: 'content-list',
  version: 1,
  propsSchema: ContentListProps,
  defaultProps: { ...listDefaults(), purpose: 3 },
  migrations: [],
} satisfies WidgetContract<ContentListProps>;

/** The one GET of widgets/content-list/, contents of one purpose; the server's home bootstrap makes it too. */
export function contentListRequest(props: ContentListProps, _ctx: RequestContext): WidgetRequest {
  return {
    path: '/cm/api/content/search',
    query: { purpose: [props.purpose], kind: props.kind, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count },
  };
}
