// /rank (spec learning §2 "Ranking and competitions"): the study boards, in tabs: study time
// (seconds studied) and completions (contents finished), this week by default, this month or all
// time; the top three highlighted and my own place always shown (GET /um/api/userIntegrate/studyRank,
// ours; docs/growth.md).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { Link } from 'react-router';
import { getStudyBoard, pointsPaths, type StudyRankRow } from '../../../api/points';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { BoardFrame, BoardList, MyPlace, PeriodSwitch, periodOf } from '../components/board';
import { studyTime, usePointsTexts } from '../components/texts';
import '../components/points.css';

const DEFAULT_SIZE = 20;
const positive = (raw: string | null) => (raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
type By = 'time' | 'finish';

export default function StudyRankPage() {
  const t = usePointsTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const { params, update } = useQueryState();
  const by: By = params.get('tab') === 'finish' ? 'finish' : 'time';
  const period = periodOf(params.get('period'), 'week');
  const pageNo = positive(params.get('pageNo')) ?? 1;
  const size = positive(params.get('pageSize')) ?? DEFAULT_SIZE;
  const pageSize = PAGE_SIZE_OPTIONS.includes(size) ? size : DEFAULT_SIZE;
  const board = useQuery({
    queryKey: ['points', tenantId, userId, 'study', by, period, pageNo, pageSize] as const,
    queryFn: ({ signal }) => getStudyBoard({ pageNo, pageSize, period, by }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
  const value = (r: { value: number }) => (by === 'time' ? studyTime(r.value, t) : t('finishedN', { n: r.value }));
  const body = (
    <>
      <div className="points-filters">
        <PeriodSwitch t={t} value={period} onChange={(p) => update({ period: p, pageNo: '1' })} />
      </div>
      <MyPlace t={t} me={board.data?.me} value={value} emptyHint={t('notRankedTime')} />
      <BoardFrame
        t={t} query={board} total={board.data?.total ?? 0} pageNo={pageNo} pageSize={pageSize} empty={t('emptyBoard')}
        onPage={(page, sizeNow) => update({ pageNo: String(page), pageSize: String(sizeNow) })}
      >
        <BoardList<StudyRankRow> rows={board.data?.list ?? []} value={value} meId={userId} testId={`study-board-${by}`} />
      </BoardFrame>
    </>
  );
  return (
    <div className="points-page" data-testid="study-rank">
      <div className="points-head">
        <h1 className="points-title">{t('studyRankTitle')}</h1>
        <div className="points-actions"><Link to={pointsPaths.rank}>{t('seeBoard')}</Link></div>
      </div>
      <div className="points-card">
        <Tabs
          activeKey={by} onChange={(key) => update({ tab: key === 'finish' ? 'finish' : '', pageNo: '1' })}
          items={[{ key: 'time', label: t('tabTime'), children: by === 'time' ? body : null }, { key: 'finish', label: t('tabFinish'), children: by === 'finish' ? body : null }]}
        />
      </div>
    </div>
  );
}
