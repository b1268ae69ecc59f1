// /game/round?gameId= (spec learning §2 "Games"): the round map of a game for the signed-in learner:
// every round in order with its lock state, my best score and stars, and the round to play next.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Result, Skeleton, Space } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { gamePaths, getRoundList } from '../../../api/games';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { positiveId, RoundItem } from '../components/game-parts';
import { useGamesTexts } from '../components/texts';
import '../components/games.css';

export default function GameRoundPage() {
  const t = useGamesTexts();
  const navigate = useNavigate();
  const gameId = positiveId(useSearchParams()[0].get('gameId'));
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const query = useQuery({
    queryKey: ['games', tenantId, userId, 'rounds', gameId] as const,
    queryFn: ({ signal }) => getRoundList(gameId!, { silent: true, signal }),
    enabled: gameId !== null, retry: false,
  });

  if (gameId === null || (query.isError && query.error instanceof ApiError && query.error.code === 404)) {
    return (
      <Result status="404" title={gameId === null ? t('badId') : t('loadFailed')} subTitle={gameId === null ? t('badIdHint') : query.error?.message}
        extra={<Link to={gamePaths.list}>{t('backToList')}</Link>} />
    );
  }
  if (query.isPending) return <div className="game-page"><Skeleton active paragraph={{ rows: 8 }} /></div>;
  if (query.isError) {
    return <div className="game-page"><Alert type="error" showIcon title={query.error.message || t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} /></div>;
  }
  const { gameTitle, rounds, progress } = query.data;
  const next = rounds.find((r) => r.id === progress.nextRoundId);

  return (
    <div className="game-page" data-testid="game-round-map" data-id={gameId}>
      <div className="game-head">
        <div>
          <h1 className="game-title">{gameTitle}</h1>
          <p className="game-muted" style={{ margin: '4px 0 0' }}>{t('roundMap')}</p>
        </div>
        <Space wrap>
          <Link to={gamePaths.detail(gameId)}>{t('intro')}</Link>
          <Link to={gamePaths.history(gameId)}>{t('history')}</Link>
        </Space>
      </div>
      <div className="game-card" style={{ marginTop: 0, display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'center' }}>
        <Progress type="circle" size={88} percent={Math.round((progress.passedRounds * 100) / Math.max(1, progress.roundCount))}
          format={() => `${progress.passedRounds}/${progress.roundCount}`} aria-label={t('myProgress', { passed: progress.passedRounds, total: progress.roundCount })} />
        <div>
          <p style={{ margin: 0 }} data-testid="game-progress">{t('myProgress', { passed: progress.passedRounds, total: progress.roundCount })}</p>
          <p style={{ margin: '4px 0 0' }}>{t('totalStars', { n: progress.stars, max: progress.maxStars })}</p>
        </div>
        {next ? (
          <Button type="primary" size="large" style={{ marginInlineStart: 'auto' }} onClick={() => navigate(gamePaths.player(gameId, next.id))} data-testid="game-next-round">
            {t('roundOf', { n: next.sort })} · {t(next.openAttemptId ? 'continueRound' : 'play')}
          </Button>
        ) : progress.finished ? <p role="status" style={{ margin: 0 }}>{t('finishedAll')}</p> : null}
      </div>
      <section className="game-card" aria-labelledby="game-map-title">
        <h2 id="game-map-title" style={{ marginTop: 0 }}>{t('roundsTitle')}</h2>
        {rounds.length === 0 ? <p>{t('noRounds')}</p> : (
          <ol className="game-rounds">{rounds.map((r) => <RoundItem key={r.id} round={r} gameId={gameId} t={t} />)}</ol>
        )}
      </section>
    </div>
  );
}
