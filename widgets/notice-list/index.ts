import type { Paged } from '../../src/api/client';
import { searchNotices, type NoticeItem } from '../../src/api/community';
import { defineWidget } from '../../src/runtime/widget-definition';
import { noticeListContract, type NoticeListProps } from '../../schemas/widgets/notice-list';

/** Public notices, pinned first (GET /cm/api/notice/searchAuth). */
export const widget = defineWidget<NoticeListProps, Paged<NoticeItem>>({
  ...noticeListContract,
  load: () => import('./notice-list'),
  data: (props) => ({
    key: ['cm', 'notice/searchAuth', { categoryId: props.categoryId ?? null, pageSize: props.count }],
    fetch: (signal) => searchNotices({ pageNo: 1, pageSize: props.count, categoryId: props.categoryId }, signal),
  }),
});
