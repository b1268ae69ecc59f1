import type { Paged } from '../../src/api/client';
import { rankPoints, type PointsRankItem } from '../../src/api/community';
import { defineWidget } from '../../src/runtime/widget-definition';
import { rankBoardContract, type RankBoardProps } from '../../schemas/widgets/rank-board';

/** The learners' points board (GET /um/api/userIntegrate/rank); the top three are highlighted. */
export const widget = defineWidget<RankBoardProps, Paged<PointsRankItem>>({
  ...rankBoardContract,
  load: () => import('./rank-board'),
  data: (props) => ({
    key: ['um', 'userIntegrate/rank', { pageSize: props.count }],
    fetch: (signal) => rankPoints({ pageNo: 1, pageSize: props.count }, signal),
  }),
});
