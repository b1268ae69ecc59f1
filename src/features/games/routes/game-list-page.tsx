// /game (spec learning §2 "Games"): the published games as cards with their rounds and players, a
// title search and the spec's pager (§9: 5, 6, 10, 15, 20 per page); signed in, each card I play
// also shows my progress and stars, and the head links to my plays (/game/history). Words and page
// live in the address, so back and a shared link keep them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Pagination } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { searchGames, type GameItem } from '../../../api/catalogue';
import { gamePaths, getMyGames, type GameProgress } from '../../../api/games';
import { CardGrid, CardGridSkeleton, WidgetCard, WidgetError, type CardModel } from '../../../components/card-grid';
import { useWidgetTexts } from '../../../components/widget-texts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { useGamesTexts } from '../components/texts';
import '../components/games.css';

const DEFAULT_SIZE = 10;
/** My games fetched for the cards' progress: a learner plays far fewer. */
const MY_GAMES_MAX = 50;

const positive = (raw: string | null, fallback: number) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback);

export default function GameListPage() {
  const t = useGamesTexts();
  const { locale } = useWidgetTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const { params, update } = useQueryState();
  const searchValue = (params.get('searchValue') ?? '').trim();
  const pageNo = positive(params.get('pageNo'), 1);
  const size = positive(params.get('pageSize'), DEFAULT_SIZE);
  const pageSize = PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE;
  const [draft, setDraft] = useState(searchValue);
  useEffect(() => setDraft(searchValue), [searchValue]);

  const query = useQuery({
    queryKey: ['games', tenantId, 'list', searchValue, pageNo, pageSize] as const,
    queryFn: ({ signal }) => searchGames({ sort: 'popular', pageNo, pageSize, ...(searchValue ? { searchValue } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
  const mine = useQuery({
    queryKey: ['games', tenantId, userId, 'mine'] as const,
    queryFn: ({ signal }) => getMyGames({ pageNo: 1, pageSize: MY_GAMES_MAX }, { silent: true, signal }),
    enabled: userId !== null,
  });
  const progress = new Map<number, GameProgress>((mine.data?.list ?? []).map((g) => [g.game.id, g.progress]));

  const toCard = (item: GameItem): CardModel => {
    const p = progress.get(item.id);
    return {
      key: item.id, link: { linkType: 'gameDetail', id: item.id }, title: item.title, cover: item.cover,
      ...(p ? { badge: { text: p.finished ? t('statePassed') : t('myGames'), tone: p.finished ? 'open' : 'info' } } : {}),
      meta: (
        <span data-testid="game-card-meta">
          {t('rounds', { n: item.roundCount })} · {t('players', { n: item.playerCount })}
          {p ? <> · {t('myProgress', { passed: p.passedRounds, total: p.roundCount })} · {t('totalStars', { n: p.stars, max: p.maxStars })}</> : null}
        </span>
      ),
    };
  };

  let results;
  if (query.isPending) results = <CardGridSkeleton count={pageSize} columns={5} locale={locale} />;
  else if (query.isError) results = <WidgetError error={query.error} onRetry={() => void query.refetch()} locale={locale} />;
  else if (query.data.total === 0) {
    results = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searchValue ? t('emptySearch', { q: searchValue }) : t('empty')} />;
  } else {
    results = (
      <div aria-busy={query.isFetching} data-testid="game-list-results">
        <p className="game-muted">{t('found', { n: query.data.total })}</p>
        <CardGrid columns={5}>{query.data.list.map((item) => <WidgetCard key={item.id} card={toCard(item)} locale={locale} />)}</CardGrid>
        <Pagination
          style={{ marginTop: 24, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={query.data.total} showSizeChanger
          pageSizeOptions={PAGE_SIZES.map(String)}
          onChange={(page, sizeNow) => update({ pageNo: sizeNow === pageSize ? String(page) : '1', pageSize: String(sizeNow) })}
        />
      </div>
    );
  }

  return (
    <div className="game-page" data-testid="game-list">
      <div className="game-head">
        <h1 className="game-title">{t('gameList')}</h1>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
          {userId !== null ? <Link to={gamePaths.history()} data-testid="game-history-link">{t('history')}</Link> : null}
          <Input.Search
            style={{ maxWidth: 320 }} value={draft} onChange={(e) => setDraft(e.target.value)} allowClear maxLength={100}
            placeholder={t('searchPlaceholder')} aria-label={t('searchPlaceholder')} onSearch={(value) => update({ searchValue: value.trim(), pageNo: '1' })}
          />
        </div>
      </div>
      {results}
    </div>
  );
}
