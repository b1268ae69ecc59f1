import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

export const RankBoardProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: "Heading above the board; none when empty, the widget's default heading in the visitor's language when unset.", maxLength: 60 })),
  count: Type.Integer({ title: '数量', description: 'How many rows to show, 1 to 50.', minimum: 1, maximum: 50, default: 10 }),
  showAvatar: Type.Boolean({ title: '显示头像', description: 'Show each learner\'s avatar.', default: true }),
  more: Type.Optional(LinkItem),
});
export type RankBoardProps = Static<typeof RankBoardProps>;

/** The contract of the rank-board widget (widgets/rank-board/): what the runtime and the server's template check share. */
export const rankBoardContract = {
  type: 'rank-board',
  version: 1,
  propsSchema: RankBoardProps,
  defaultProps: { count: 10, showAvatar: true },
  migrations: [],
} satisfies WidgetContract<RankBoardProps>;

/** The one GET of widgets/rank-board/, the learners' points board; the server's home bootstrap makes it too. */
export function rankBoardRequest(props: RankBoardProps, _ctx: RequestContext): WidgetRequest {
  return { path: '/um/api/userIntegrate/rank', query: { pageNo: 1, pageSize: props.count } };
}
