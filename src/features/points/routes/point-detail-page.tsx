// /archives/pointDetail (spec learning §2 "Archives"; §9 "points ... not shown": ours,
// docs/growth.md): my total, level with the progress to the next, today's, this week's and this
// month's points, today's points of each kind against its cap, the daily check-in, my ledger
// filtered by kind and period, and the rules and levels the tenant set.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Progress, Select, Skeleton, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import {
  getPointsLevels, getPointsRules, getUserLog, POINTS_KINDS, pointsPaths, type PointsKindName, type PointsRule, type UserLogItem, type UserScore,
} from '../../../api/points';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CheckInButton, PeriodSwitch, periodOf, useUserScore } from '../components/board';
import { usePointsTexts, type PointsTexts } from '../components/texts';
import '../components/points.css';

const DEFAULT_SIZE = 10;
const positive = (raw: string | null) => (raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
const kindOf = (raw: string | null): PointsKindName | undefined => (POINTS_KINDS as readonly string[]).includes(raw ?? '') ? raw as PointsKindName : undefined;

/** A kind's name: the tenant's rule name, else ours. */
const kindName = (kind: PointsKindName, rules: PointsRule[] | undefined, t: PointsTexts) => rules?.find((r) => r.kind === kind)?.name ?? t(`kind_${kind}`);

function Summary({ score, t }: { score: UserScore; t: PointsTexts }) {
  const { level, nextLevel } = score;
  return (
    <div className="points-summary" data-testid="points-summary">
      <div className="points-stat points-stat--main">
        <span className="points-stat__label">{t('total')}</span>
        <span className="points-stat__value" data-testid="points-total">{score.total}</span>
      </div>
      <div className="points-stat points-level">
        <span className="points-stat__label">{t('level')}</span>
        <span className="points-stat__value" data-testid="points-level">{level?.name ?? t('noLevel')}</span>
        <Progress percent={score.levelProgress} showInfo={false} aria-label={t('levelProgress')} size="small" />
        <span className="points-muted">{nextLevel ? t('nextLevel', { name: nextLevel.name, n: score.toNextLevel ?? 0 }) : t('topLevel')}</span>
      </div>
      <div className="points-stat"><span className="points-stat__label">{t('today')}</span><span className="points-stat__value" data-testid="points-today">{score.todayPoints}</span></div>
      <div className="points-stat"><span className="points-stat__label">{t('weekPoints')}</span><span className="points-stat__value">{score.weekPoints}</span></div>
      <div className="points-stat"><span className="points-stat__label">{t('monthPoints')}</span><span className="points-stat__value">{score.monthPoints}</span></div>
      <div className="points-stat">
        <span className="points-stat__label">{t('place')}</span>
        <span className="points-stat__value">{score.rank === null ? t('notRanked') : t('rankNo', { n: score.rank })}</span>
      </div>
    </div>
  );
}

function TodayCaps({ score, t }: { score: UserScore; t: PointsTexts }) {
  return (
    <section className="points-card" aria-labelledby="points-today-title">
      <h2 className="points-subtitle" id="points-today-title">{t('todayCaps')}</h2>
      <ul className="points-caps" data-testid="points-caps">
        {score.todayByKind.map((k) => (
          <li key={k.kind} className="points-caps__item" data-kind={k.kind}>
            <span>{k.name}</span>
            <span className="points-muted">{k.dailyCap === null ? t('noCap', { n: k.points }) : t('capOf', { n: k.points, cap: k.dailyCap })}</span>
            {k.dailyCap !== null ? <Progress percent={Math.min(100, Math.round((k.points * 100) / k.dailyCap))} showInfo={false} size="small" aria-label={k.name} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RulesAndLevels({ t }: { t: PointsTexts }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const isAdmin = useUserStore((s) => s.userInfo?.adminAuth === true);
  const rules = useQuery({ queryKey: ['points', tenantId, 'rules'] as const, queryFn: ({ signal }) => getPointsRules({ silent: true, signal }) });
  const levels = useQuery({ queryKey: ['points', tenantId, 'levels'] as const, queryFn: ({ signal }) => getPointsLevels({ silent: true, signal }) });
  return (
    <div className="points-side">
      <section className="points-card" aria-labelledby="points-rules-title">
        <div className="points-rules__head">
          <h2 className="points-subtitle" id="points-rules-title">{t('rules')}</h2>
          {/* Admins edit the rules in the back-office (/sub_admin/points); the server checks again. */}
          {isAdmin ? <Link to="/sub_admin/points" data-testid="points-edit-rules">{t('editRules')}</Link> : null}
        </div>
        {rules.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : rules.isError ? <Alert type="error" showIcon title={t('loadFailed')} /> : (
          <ul className="points-rules" data-testid="points-rules">
            {rules.data.map((r) => (
              <li key={r.kind}>
                <div className="points-rules__head">
                  <strong>{r.name}</strong>
                  <Tag color="blue">{r.step > 1 && (r.kind === 'study_time' || r.kind === 'autonomy_study') ? t('rulePerStep', { n: r.points, step: r.step }) : t('rulePoints', { n: r.points })}</Tag>
                </div>
                <div className="points-muted">{r.description || (r.dailyCap === null ? t('ruleNoCap') : t('ruleCap', { cap: r.dailyCap }))}</div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="points-card" aria-labelledby="points-levels-title">
        <h2 className="points-subtitle" id="points-levels-title">{t('levels')}</h2>
        {levels.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : levels.isError ? <Alert type="error" showIcon title={t('loadFailed')} /> : (
          <ul className="points-levels" data-testid="points-levels">
            {levels.data.map((l) => (
              <li key={l.id}><strong>{l.name}</strong> <span className="points-muted">{l.maxPoints === null ? t('levelFrom', { min: l.minPoints }) : t('levelRange', { min: l.minPoints, max: l.maxPoints })}</span></li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function PointDetailPage() {
  const t = usePointsTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const { params, update } = useQueryState();
  const kind = kindOf(params.get('kind'));
  const period = periodOf(params.get('period'), 'all');
  const pageNo = positive(params.get('pageNo')) ?? 1;
  const size = positive(params.get('pageSize')) ?? DEFAULT_SIZE;
  const pageSize = PAGE_SIZE_OPTIONS.includes(size) ? size : DEFAULT_SIZE;
  const score = useUserScore();
  const rules = useQuery({ queryKey: ['points', tenantId, 'rules'] as const, queryFn: ({ signal }) => getPointsRules({ silent: true, signal }) });
  const log = useQuery({
    queryKey: ['points', tenantId, userId, 'log', kind ?? '', period, pageNo, pageSize] as const,
    queryFn: ({ signal }) => getUserLog({ pageNo, pageSize, kind, period }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });

  const columns = [
    { key: 'when', title: t('colWhen'), render: (_: unknown, r: UserLogItem) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm') },
    { key: 'kind', title: t('colKind'), render: (_: unknown, r: UserLogItem) => r.kindName || kindName(r.kind, rules.data, t) },
    { key: 'note', title: t('colNote'), render: (_: unknown, r: UserLogItem) => r.note ?? '—' },
    { key: 'points', title: t('colPoints'), align: 'right' as const, render: (_: unknown, r: UserLogItem) => <span className="points-plus" data-testid="points-log-points">+{r.points}</span> },
  ];

  let ledger;
  if (log.isPending) ledger = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (log.isError) ledger = <Alert type="error" showIcon title={log.error.message || t('loadFailed')} action={<Button onClick={() => void log.refetch()}>{t('retry')}</Button>} />;
  else if (log.data.total === 0) ledger = <Empty description={kind || period !== 'all' ? t('emptyLedgerFiltered') : t('emptyLedger')} />;
  else {
    ledger = (
      <Table
        rowKey="id" size="middle" loading={log.isFetching} dataSource={log.data.list} columns={columns} data-testid="points-ledger"
        pagination={{
          current: pageNo, pageSize, total: log.data.total, showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          onChange: (page, sizeNow) => update({ pageNo: sizeNow === pageSize ? String(page) : '1', pageSize: String(sizeNow) }),
        }}
      />
    );
  }

  return (
    <div className="points-page" data-testid="point-detail">
      <div className="points-head">
        <h1 className="points-title">{t('detailTitle')}</h1>
        <div className="points-actions">
          <Link to={pointsPaths.rank}>{t('seeBoard')}</Link>
          <CheckInButton t={t} />
        </div>
      </div>
      {score.isPending ? <div className="points-card"><Skeleton active paragraph={{ rows: 3 }} /></div>
        : score.isError ? <Alert type="error" showIcon title={score.error.message || t('loadFailed')} action={<Button onClick={() => void score.refetch()}>{t('retry')}</Button>} />
          : <div className="points-card"><Summary score={score.data} t={t} /></div>}
      <div className="points-layout">
        <div className="points-main">
          {score.data ? <TodayCaps score={score.data} t={t} /> : null}
          <section className="points-card" aria-labelledby="points-ledger-title">
            <div className="points-filters">
              <h2 className="points-subtitle" id="points-ledger-title">{t('ledger')}</h2>
              <PeriodSwitch t={t} short value={period} onChange={(p) => update({ period: p, pageNo: '1' })} />
              <Select
                aria-label={t('kindLabel')} style={{ minWidth: 160 }} value={kind ?? ''} data-testid="points-kind"
                options={[{ value: '', label: t('allKinds') }, ...POINTS_KINDS.map((k) => ({ value: k, label: kindName(k, rules.data, t) }))]}
                onChange={(value: string) => update({ kind: value, pageNo: '1' })}
              />
            </div>
            {ledger}
          </section>
        </div>
        <RulesAndLevels t={t} />
      </div>
    </div>
  );
}
