// /game/detail/{id} (spec learning §2 "Games"): a game's intro and rules, its rounds with lock state,
// my best score and stars, and the one action that fits: 开始闯关 (start: I become a player, once),
// 继续闯关, or 再玩一次 when every round is passed; each open round can be played from here too.
// Guests see everything and a way to sign in.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Skeleton, Space } from 'antd';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { gamePaths, getGameDetail, startGame } from '../../../api/games';
import { loginPath } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { positiveId, RoundItem } from '../components/game-parts';
import { useGamesTexts } from '../components/texts';
import '../components/games.css';

export default function GameDetailPage() {
  const t = useGamesTexts();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = positiveId(useParams().id);
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['games', tenantId, userId, 'detail', id] as const,
    queryFn: ({ signal }) => getGameDetail(id!, { silent: true, signal }),
    enabled: id !== null, retry: false,
  });
  const start = useMutation({
    mutationFn: () => startGame(id!),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['games', tenantId, userId] });
      navigate(gamePaths.round(id!));
    },
  });

  if (id === null || (query.isError && query.error instanceof ApiError && query.error.code === 404)) {
    return (
      <Result status="404" title={id === null ? t('badId') : t('loadFailed')} subTitle={id === null ? t('badIdHint') : query.error?.message}
        extra={<Link to={gamePaths.list}>{t('backToList')}</Link>} data-testid="game-detail-missing" />
    );
  }
  if (query.isPending) return <div className="game-page"><Skeleton active paragraph={{ rows: 8 }} /></div>;
  if (query.isError) {
    return <div className="game-page"><Alert type="error" showIcon title={query.error.message || t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} /></div>;
  }

  const { game, rounds, progress } = query.data;
  let action;
  if (progress === null) {
    action = <Button type="primary" size="large" onClick={() => navigate(loginPath(`${pathname}${search}`))} data-testid="game-sign-in">{t('signInToPlay')}</Button>;
  } else {
    const label = !progress.started ? t('startGame') : progress.finished ? t('replay') : t('continueGame');
    action = (
      <Button type="primary" size="large" loading={start.isPending} disabled={rounds.length === 0} onClick={() => start.mutate()} data-testid="game-start">
        {label}
      </Button>
    );
  }

  return (
    <div className="game-page" data-testid="game-detail" data-id={game.id}>
      <div className="game-card game-detail">
        {game.cover ? <img className="game-detail__cover" src={game.cover} alt="" /> : <div className="game-detail__cover" />}
        <div>
          <h1 className="game-title">{game.title}</h1>
          <Descriptions style={{ margin: '16px 0' }} column={{ xs: 1, sm: 2 }} size="small" items={[
            { key: 'rounds', label: t('roundsTitle'), children: t('rounds', { n: rounds.length }) },
            { key: 'players', label: t('playersLabel'), children: game.playerCount },
            ...(progress?.started ? [
              { key: 'progress', label: t('myProgress', { passed: progress.passedRounds, total: progress.roundCount }), children: <span data-testid="game-progress">{t('totalStars', { n: progress.stars, max: progress.maxStars })}</span> },
            ] : []),
          ]} />
          <Space wrap>
            {action}
            {progress?.started ? <Link to={gamePaths.round(game.id)}>{t('roundMap')}</Link> : null}
            {progress?.started ? <Link to={gamePaths.history(game.id)}>{t('history')}</Link> : null}
          </Space>
          {progress?.finished ? <p className="game-muted" role="status">{t('finishedAll')}</p> : null}
        </div>
      </div>
      <section className="game-card" aria-labelledby="game-intro">
        <h2 id="game-intro" style={{ marginTop: 0 }}>{t('intro')}</h2>
        <p>{game.summary}</p>
        <h2>{t('rules')}</h2>
        <ul className="game-rules"><li>{t('rule1')}</li><li>{t('rule2')}</li><li>{t('rule3')}</li><li>{t('rule4')}</li></ul>
      </section>
      <section className="game-card" aria-labelledby="game-rounds">
        <h2 id="game-rounds" style={{ marginTop: 0 }}>{t('roundsTitle')}</h2>
        {rounds.length === 0 ? <p>{t('noRounds')}</p> : (
          <ol className="game-rounds" aria-labelledby="game-rounds">
            {rounds.map((r) => (progress === null
              ? <RoundItem key={r.id} round={{ ...r, state: r.state === 'open' ? 'open' : 'locked' }} gameId={game.id} t={t} />
              : <RoundItem key={r.id} round={r} gameId={game.id} t={t} />))}
          </ol>
        )}
      </section>
    </div>
  );
}
