import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

export const NoticeListProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: "Heading above the list; none when empty, the widget's default heading in the visitor's language when unset.", maxLength: 60 })),
  count: Type.Integer({ title: '数量', description: 'How many notices to show, 1 to 20.', minimum: 1, maximum: 20, default: 6 }),
  categoryId: Type.Optional(Type.Integer({ title: '分类', description: 'Only notices of this category (and the categories under it).' })),
  showDate: Type.Boolean({ title: '显示日期', description: 'Show each notice\'s publish date at the right.', default: true }),
  more: Type.Optional(LinkItem),
});
export type NoticeListProps = Static<typeof NoticeListProps>;

/** The contract of the notice-list widget (widgets/notice-list/): what the runtime and the server's template check share. */
export const noticeListContract = {
  type: 'notice-list',
  version: 1,
  propsSchema: NoticeListProps,
  defaultProps: { count: 6, showDate: true },
  migrations: [],
} satisfies WidgetContract<NoticeListProps>;

/** The one GET of widgets/notice-list/, public notices, pinned first; the server's home bootstrap makes it too. */
export function noticeListRequest(props: NoticeListProps, _ctx: RequestContext): WidgetRequest {
  return { path: '/cm/api/notice/searchAuth', query: { pageNo: 1, pageSize: props.count, categoryId: props.categoryId } };
}
