import type { Paged } from '../../src/api/client';
import { searchNotices, type NoticeItem } from '../../src/api/community';
import { defineWidget } from '../../src/runtime/widget-definition';
import { NoticeListProps } from './schema';

/** Public notices, pinned first (GET /cm/api/notice/searchAuth). */
export const widget = defineWidget<NoticeListProps, Paged<NoticeItem>>({
  type: 'notice-list',
  version: 1,
  propsSchema: NoticeListProps,
  defaultProps: { count: 6, showDate: true },
  migrations: [],
  load: () => import('./notice-list'),
  data: (props) => ({
    key: ['cm', 'notice/searchAuth', { categoryId: props.categoryId ?? null, pageSize: props.count }],
    fetch: (signal) => searchNotices({ pageNo: 1, pageSize: props.count, categoryId: props.categoryId }, signal),
  }),
});
