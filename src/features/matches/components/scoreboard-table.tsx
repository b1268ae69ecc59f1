// A match's scoreboard: place, entrant, each stage's counted score, the total and the last counted
// hand-in (ties go to the earlier); my row is marked. Live while the match runs, final once it ended.
import { Alert, Button, Empty, Result, Skeleton, Table, Tag } from 'antd';
import { useScoreboard, type ScoreboardRow } from '../../../api/matches';
import { when } from './match-parts';
import type { MatchTexts } from './match-texts';

export function ScoreboardTable({ matchId, t }: { matchId: number; t: MatchTexts }) {
  const query = useScoreboard(matchId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (query.isError) return <Result status="error" title={t('loadFailed')} subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />;
  const board = query.data;
  if (board.rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyBoard')} />;
  return (
    <div data-testid="match-scoreboard" data-final={board.final}>
      <Alert type={board.final ? 'success' : 'info'} showIcon style={{ marginBottom: 12 }} title={board.final ? t('boardFinal') : t('boardLive')} />
      <Table<ScoreboardRow>
        size="middle" pagination={board.rows.length > 20 ? { pageSize: 20 } : false} rowKey="userId" dataSource={board.rows} scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': 'scoreboard-row', 'data-me': row.me, 'data-user': row.userId } as React.HTMLAttributes<HTMLTableRowElement>)}
        columns={[
          { title: t('place'), dataIndex: 'place', key: 'place', width: 80, render: (p: number | null) => (p === null ? t('noPlace') : <strong>{p}</strong>) },
          { title: t('entrant'), dataIndex: 'userName', key: 'name', render: (name: string, row) => <>{name}{row.me ? <Tag color="gold" style={{ marginInlineStart: 8 }}>{t('me')}</Tag> : null}</> },
          ...board.stages.map((s, i) => ({
            title: s.title, key: `stage-${s.id}`, render: (_: unknown, row: ScoreboardRow) => (row.stageScores[i] ?? '—'),
          })),
          { title: t('total'), dataIndex: 'total', key: 'total', render: (n: number, row) => <strong data-testid="scoreboard-total" data-user={row.userId}>{n}</strong> },
          { title: t('lastAt'), dataIndex: 'lastAt', key: 'lastAt', render: (v: string | null) => (v ? when(v) : '—') },
        ]}
      />
    </div>
  );
}
