import type { Paged } from '../../src/api/client';
import { searchContents, type ContentItem } from '../../src/api/catalogue';
import { defineWidget } from '../../src/runtime/widget-definition';
import { AudioPlaylistProps } from './schema';

/** Audio contents (GET /cm/api/content/search?kind=audio); play hands the queue to the floating player. */
export const widget = defineWidget<AudioPlaylistProps, Paged<ContentItem>>({
  type: 'audio-playlist',
  version: 1,
  propsSchema: AudioPlaylistProps,
  defaultProps: { count: 8, sort: 'newest', showCover: true },
  migrations: [],
  load: () => import('./audio-playlist'),
  data: (props) => ({
    key: ['cm', 'content/search', { kind: 'audio', categoryId: props.categoryId ?? null, sort: props.sort, pageSize: props.count }],
    fetch: (signal) => searchContents({ kind: 'audio', pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId }, signal),
  }),
});
