import type { Paged } from '../../src/api/client';
import type { PointsRankItem } from '../../src/api/community';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { rankBoardContract, rankBoardRequest, type RankBoardProps } from '../../schemas/widgets/rank-board';

/** The learners' points board (GET /um/api/userIntegrate/rank); the top three are highlighted. */
export const widget = defineWidget<RankBoardProps, Paged<PointsRankItem>>({
  ...rankBoardContract,
  load: () => import('./rank-board'),
  data: (props, ctx) => requestDeclaration<Paged<PointsRankItem>>(rankBoardRequest(props, ctx)),
});
