// /integral/rank and /scoreboard (spec learning §2 "Ranking and competitions": the points ranking;
// §9 "points ranking ... not shown": ours, docs/growth.md): learners by points this week, this
// month or all time (?period=, all by default), optionally one department's (?org=), the top three
// highlighted, my own place always shown even past the page, and the daily check-in.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { Link, useLocation } from 'react-router';
import { getPointsBoard, getPointsOrgs, pointsPaths, type PointsRankRow } from '../../../api/points';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { BoardFrame, BoardList, CheckInButton, MyPlace, PeriodSwitch, periodOf } from '../components/board';
import { usePointsTexts } from '../components/texts';
import '../components/points.css';

const DEFAULT_SIZE = 20;
const positive = (raw: string | null) => (raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

export default function PointsRankPage() {
  const t = usePointsTexts();
  const { pathname } = useLocation();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const { params, update } = useQueryState();
  const period = periodOf(params.get('period'), 'all');
  const org = params.get('org')?.trim() || undefined;
  const pageNo = positive(params.get('pageNo')) ?? 1;
  const size = positive(params.get('pageSize')) ?? DEFAULT_SIZE;
  const pageSize = PAGE_SIZE_OPTIONS.includes(size) ? size : DEFAULT_SIZE;
  const board = useQuery({
    queryKey: ['points', tenantId, userId, 'board', period, org ?? '', pageNo, pageSize] as const,
    queryFn: ({ signal }) => getPointsBoard({ pageNo, pageSize, period, orgName: org }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
  const orgs = useQuery({ queryKey: ['points', tenantId, 'orgs'] as const, queryFn: ({ signal }) => getPointsOrgs({ silent: true, signal }) });
  const points = (r: { points: number }) => t('pointsN', { n: r.points });
  const title = pathname.endsWith('/scoreboard') ? t('scoreboardTitle') : t('boardTitle');

  return (
    <div className="points-page" data-testid="points-rank">
      <div className="points-head">
        <h1 className="points-title">{title}</h1>
        <div className="points-actions">
          <Link to={pointsPaths.detail}>{t('seeDetail')}</Link>
          <Link to={pointsPaths.studyRank}>{t('seeStudyRank')}</Link>
          <CheckInButton t={t} />
        </div>
      </div>
      <div className="points-card">
        <div className="points-filters">
          <PeriodSwitch t={t} value={period} onChange={(p) => update({ period: p, pageNo: '1' })} />
          {(orgs.data?.length ?? 0) > 0 ? (
            <Select
              aria-label={t('orgLabel')} style={{ minWidth: 200 }} value={org ?? ''} data-testid="points-org"
              options={[{ value: '', label: t('allOrgs') }, ...orgs.data!.map((o) => ({ value: o, label: o }))]}
              onChange={(value: string) => update({ org: value, pageNo: '1' })}
            />
          ) : null}
        </div>
        <MyPlace t={t} me={board.data?.me} value={points} emptyHint={t('notRankedHint')} />
        <BoardFrame
          t={t} query={board} total={board.data?.total ?? 0} pageNo={pageNo} pageSize={pageSize}
          empty={org ? t('emptyBoardOrg') : t('emptyBoard')}
          onPage={(page, sizeNow) => update({ pageNo: String(page), pageSize: String(sizeNow) })}
        >
          <BoardList<PointsRankRow> rows={board.data?.list ?? []} value={points} meId={userId} testId="points-board" />
        </BoardFrame>
      </div>
    </div>
  );
}
