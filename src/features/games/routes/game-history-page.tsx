// /game/history (spec learning §2 "Games"): my plays, newest first: each attempt with its game and
// round, score, stars, result, time taken and points; filtered to one game by ?gameId= (the select
// lists the games I play), paged by the spec's sizes (§9).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Select, Skeleton, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { gamePaths, getGameHistory, getMyGames, type AttemptRow } from '../../../api/games';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { positiveId, Stars } from '../components/game-parts';
import { duration, useGamesTexts } from '../components/texts';
import '../components/games.css';

const DEFAULT_SIZE = 10;

export default function GameHistoryPage() {
  const t = useGamesTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const { params, update } = useQueryState();
  const gameId = positiveId(params.get('gameId')) ?? undefined;
  const pageNo = positiveId(params.get('pageNo')) ?? 1;
  const size = positiveId(params.get('pageSize')) ?? DEFAULT_SIZE;
  const pageSize = PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE;
  const query = useQuery({
    queryKey: ['games', tenantId, userId, 'history', gameId ?? 0, pageNo, pageSize] as const,
    queryFn: ({ signal }) => getGameHistory({ gameId, pageNo, pageSize }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
  const mine = useQuery({
    queryKey: ['games', tenantId, userId, 'mine'] as const,
    queryFn: ({ signal }) => getMyGames({ pageNo: 1, pageSize: 50 }, { silent: true, signal }),
  });

  const columns = [
    { key: 'game', title: t('colGame'), render: (_: unknown, a: AttemptRow) => <Link to={gamePaths.detail(a.gameId)}>{a.gameTitle}</Link> },
    { key: 'round', title: t('colRound'), render: (_: unknown, a: AttemptRow) => `${t('roundOf', { n: a.roundSort })} · ${a.roundTitle}` },
    { key: 'score', title: t('colScore'), render: (_: unknown, a: AttemptRow) => <span data-testid="game-hist-score">{a.score}</span> },
    { key: 'stars', title: t('colStars'), render: (_: unknown, a: AttemptRow) => <Stars n={a.stars} t={t} /> },
    { key: 'result', title: t('colResult'), render: (_: unknown, a: AttemptRow) => <Tag color={a.passed ? 'success' : 'error'}>{t(a.passed ? 'passedTag' : 'failedTag')}</Tag> },
    {
      key: 'time', title: t('colTime'),
      render: (_: unknown, a: AttemptRow) => <>{duration(a.elapsedSeconds, t)}{a.timedOut ? <Tag color="warning" style={{ marginInlineStart: 4 }}>{t('timedOut')}</Tag> : null}</>,
    },
    { key: 'points', title: t('colPoints'), render: (_: unknown, a: AttemptRow) => (a.pointsAwarded > 0 ? `+${a.pointsAwarded}` : '—') },
    { key: 'finished', title: t('colFinished'), render: (_: unknown, a: AttemptRow) => dayjs(a.finishedAt).format('YYYY-MM-DD HH:mm') },
  ];

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError) {
    body = <Alert type="error" showIcon title={query.error.message || t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />;
  } else if (query.data.total === 0 && !gameId) {
    body = <Empty description={t('historyEmpty')}><Link to={gamePaths.list}>{t('goPlay')}</Link></Empty>;
  } else {
    body = (
      <Table
        rowKey="userRoundId" size="middle" loading={query.isFetching} dataSource={query.data.list} columns={columns} scroll={{ x: 900 }}
        locale={{ emptyText: t('historyEmpty') }} data-testid="game-history-table"
        pagination={{
          current: pageNo, pageSize, total: query.data.total, showSizeChanger: true, pageSizeOptions: PAGE_SIZES.map(String),
          onChange: (page, sizeNow) => update({ pageNo: sizeNow === pageSize ? String(page) : '1', pageSize: String(sizeNow) }),
        }}
      />
    );
  }

  return (
    <div className="game-page" data-testid="game-history">
      <div className="game-head">
        <h1 className="game-title">{t('history')}</h1>
        <Select
          style={{ minWidth: 240 }} aria-label={t('filterGame')} value={gameId ?? 0} loading={mine.isPending}
          options={[{ value: 0, label: t('allGames') }, ...(mine.data?.list ?? []).map((g) => ({ value: g.game.id, label: g.game.title }))]}
          onChange={(value: number) => update({ gameId: value ? String(value) : '', pageNo: '1' })}
        />
      </div>
      <div className="game-card" style={{ marginTop: 0 }}>{body}</div>
    </div>
  );
}
