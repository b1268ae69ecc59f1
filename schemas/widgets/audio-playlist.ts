import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

export const AudioPlaylistProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: "Heading above the playlist; none when empty, the widget's default heading in the visitor's language when unset.", maxLength: 60 })),
  count: Type.Integer({ title: '数量', description: 'How many audio items to list, 1 to 50.', minimum: 1, maximum: 50, default: 8 }),
  categoryId: Type.Optional(Type.Integer({ title: '分类', description: 'Only audio of this category (and the categories under it).' })),
  sort: Type.Union([Type.Literal('newest'), Type.Literal('popular')], { title: '排序', description: 'Newest first, or most played first.', default: 'newest' }),
  showCover: Type.Boolean({ title: '显示封面', description: 'Show a small cover at the left of each item.', default: true }),
  more: Type.Optional(LinkItem),
});
export type AudioPlaylistProps = Static<typeof AudioPlaylistProps>;

/** The contract of the audio-playlist widget (widgets/audio-playlist/): what the runtime and the server's template check share. */
export const audioPlaylistContract = {
  type: 'audio-playlist',
  version: 1,
  propsSchema: AudioPlaylistProps,
  defaultProps: { count: 8, sort: 'newest', showCover: true },
  migrations: [],
} satisfies WidgetContract<AudioPlaylistProps>;

/** The one GET of widgets/audio-playlist/, audio contents; the server's home bootstrap makes it too. */
export function audioPlaylistRequest(props: AudioPlaylistProps, _ctx: RequestContext): WidgetRequest {
  return { path: '/cm/api/content/search', query: { kind: 'audio', pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId } };
}
