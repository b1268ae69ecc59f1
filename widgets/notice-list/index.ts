import type { Paged } from '../../src/api/client';
import type { NoticeItem } from '../../src/api/community';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { noticeListContract, noticeListRequest, type NoticeListProps } from '../../schemas/widgets/notice-list';

/** Public notices, pinned first (GET /cm/api/notice/searchAuth). */
export const widget = defineWidget<NoticeListProps, Paged<NoticeItem>>({
  ...noticeListContract,
  load: () => import('./notice-list'),
  data: (props, ctx) => requestDeclaration<Paged<NoticeItem>>(noticeListRequest(props, ctx)),
});
