import type { Paged } from '../../src/api/client';
import { searchContents, type ContentItem } from '../../src/api/catalogue';
import { defineWidget } from '../../src/runtime/widget-definition';
import { audioPlaylistContract, type AudioPlaylistProps } from '../../schemas/widgets/audio-playlist';

/** Audio contents (GET /cm/api/content/search?kind=audio); play hands the queue to the floating player. */
export const widget = defineWidget<AudioPlaylistProps, Paged<ContentItem>>({
  ...audioPlaylistContract,
  load: () => import('./audio-playlist'),
  data: (props) => ({
    key: ['cm', 'content/search', { kind: 'audio', categoryId: props.categoryId ?? null, sort: props.sort, pageSize: props.count }],
    fetch: (signal) => searchContents({ kind: 'audio', pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId }, signal),
  }),
});
