import type { Paged } from '../../src/api/client';
import type { ContentItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { audioPlaylistContract, audioPlaylistRequest, type AudioPlaylistProps } from '../../schemas/widgets/audio-playlist';

/** Audio contents (GET /cm/api/content/search?kind=audio); play hands the queue to the floating player. */
export const widget = defineWidget<AudioPlaylistProps, Paged<ContentItem>>({
  ...audioPlaylistContract,
  load: () => import('./audio-playlist'),
  data: (props, ctx) => requestDeclaration<Paged<ContentItem>>(audioPlaylistRequest(props, ctx)),
});
