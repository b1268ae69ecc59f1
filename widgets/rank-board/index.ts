import type { Paged } from '../../src/api/client';
import { rankPoints, type PointsRankItem } from '../../src/api/community';
import { defineWidget } from '../../src/runtime/widget-definition';
import { RankBoardProps } from './schema';

/** The learners' points board (GET /um/api/userIntegrate/rank); the top three are highlighted. */
export const widget = defineWidget<RankBoardProps, Paged<PointsRankItem>>({
  type: 'rank-board',
  version: 1,
  propsSchema: RankBoardProps,
  defaultProps: { count: 10, showAvatar: true },
  migrations: [],
  load: () => import('./rank-board'),
  data: (props) => ({
    key: ['um', 'userIntegrate/rank', { pageSize: props.count }],
    fetch: (signal) => rankPoints({ pageNo: 1, pageSize: props.count }, signal),
  }),
});
