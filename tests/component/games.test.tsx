// Game pages (issue 19 part B): the detail (rounds with their lock state, start), the player (the
// material first, then the questions with the server-clock countdown, each answer saved, hand-in,
// the result with stars and explanations and the next round; time-up hands in by itself; a locked
// round shows the server's refusal), my plays and the list's progress.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AttemptRow, GameDetail, RoundPlay, RoundResult, RoundSummary } from '../../schemas/api/games';
import GameDetailPage from '../../src/features/games/routes/game-detail-page';
import GamePlayerPage from '../../src/features/games/routes/game-player-page';
import GameHistoryPage from '../../src/features/games/routes/game-history-page';
import GameListPage from '../../src/features/games/routes/game-list-page';
import { calls, fail, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const at = (ms: number) => new Date(ms).toISOString();
const GAME = { id: 7, title: '安全生产知识闯关', cover: null, summary: '三关带你掌握消防要点。', categoryId: null, categoryName: null, publishTime: at(Date.now()), roundCount: 3, playerCount: 120 };

function round(sort: number, over: Partial<RoundSummary> = {}): RoundSummary {
  return {
    id: 100 + sort, gameId: 7, sort, title: `第${sort}关题目`, timeLimit: 120, passScore: 60, questionCount: 2, state: sort === 1 ? 'open' : 'locked',
    bestScore: null, bestStars: 0, attempts: 0, openAttemptId: null, ...over,
  };
}

const QUESTIONS = [
  { id: 11, kind: 'single' as const, stem: '火警电话是多少？', options: [{ key: 'A', text: '110' }, { key: 'B', text: '119' }], score: 1, sort: 1 },
  { id: 12, kind: 'judge' as const, stem: '油锅起火可以用水浇。', options: [{ key: 'T', text: '正确' }, { key: 'F', text: '错误' }], score: 1, sort: 2 },
];

function play(attempt: RoundPlay['attempt'] = null): RoundPlay {
  return { round: round(1), gameId: 7, gameTitle: GAME.title, content: '第一段资料。\n\n第二段资料：火警电话 119。', attempt };
}

function openAttempt(serverNow: number, over: Partial<NonNullable<RoundPlay['attempt']>> = {}): NonNullable<RoundPlay['attempt']> {
  return { userRoundId: 55, startedAt: at(serverNow), deadline: at(serverNow + 120_000), serverNow: at(serverNow), questions: QUESTIONS, answers: {}, savedAt: null, ...over };
}

function result(over: Partial<RoundResult> = {}): RoundResult {
  return {
    userRoundId: 55, gameId: 7, gameTitle: GAME.title, roundId: 101, roundSort: 1, roundTitle: '第1关题目', score: 100, correct: 2, questionCount: 2, stars: 3,
    passed: true, elapsedSeconds: 20, timeLimit: 120, timedOut: false, pointsAwarded: 15, startedAt: at(Date.now() - 20_000), finishedAt: at(Date.now()),
    passScore: 60, firstPass: true, nextRound: { id: 102, title: '第2关题目', state: 'open' },
    questions: QUESTIONS.map((q) => ({ ...q, yourAnswer: [q.kind === 'judge' ? 'F' : 'B'], correctAnswer: [q.kind === 'judge' ? 'F' : 'B'], right: true, explanation: `${q.stem}的解析` })),
    ...over,
  };
}

const openPlayer = (roundId = 101) => mount('/game/round/player', <GamePlayerPage />, `/game/round/player?gameId=7&roundId=${roundId}`);

describe('the game detail', { timeout: 20_000 }, () => {
  it('shows the rounds with their lock state, and 开始闯关 makes me a player and opens the round map', async () => {
    const detail: GameDetail = {
      game: GAME, rounds: [round(1), round(2), round(3)],
      progress: { started: false, startedAt: null, lastPlayedAt: null, passedRounds: 0, roundCount: 3, stars: 0, maxStars: 9, nextRoundId: 101, finished: false },
    };
    state.routes['get /task/api/game/detail'] = ok(detail);
    state.routes['get /task/api/game/start'] = ok({ gameId: 7, gameTitle: GAME.title, rounds: detail.rounds, progress: { ...detail.progress!, started: true } });
    const router = openDetail();
    const rounds = await screen.findAllByTestId('game-round');
    expect(rounds.map((r) => within(r).getByTestId('game-round-state').dataset.state)).toEqual(['open', 'locked', 'locked']);
    // A locked round offers no way in.
    expect(within(rounds[1]!).queryByTestId('game-round-play')).toBeNull();
    expect(within(rounds[1]!).getByText('通过上一关后解锁')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('game-start'));
    await waitFor(() => expect(router.state.location.search).toBe('?gameId=7'));
    expect(router.state.location.pathname).toBe('/game/round');
    expect(calls('/task/api/game/start')[0]!.params).toMatchObject({ gameId: 7 });
  });
});

function openDetail() {
  return mount('/game/detail/:id', <GameDetailPage />, '/game/detail/7');
}

describe('the player', { timeout: 20_000 }, () => {
  it('shows the material first, starts the clock only on 开始答题, saves each answer and shows the result with stars, explanations and the next round', async () => {
    const serverNow = Date.now();
    let current = play();
    state.routes['get /task/api/game/roundContent'] = () => ok(current);
    state.routes['post /task/api/game/saveUserRoundContent'] = (r) => {
      if (r.body.userRoundId === undefined) current = play(openAttempt(serverNow));
      else current = play(openAttempt(serverNow, { answers: r.body.answers as Record<string, string[]> }));
      return ok(current);
    };
    state.routes['get /task/api/game/finishRound'] = ok(result());
    const router = openPlayer();
    expect(await screen.findByTestId('game-material')).toHaveTextContent('第二段资料：火警电话 119。');
    expect(screen.queryByTestId('game-clock')).toBeNull();
    fireEvent.click(screen.getByTestId('game-begin'));
    expect(await screen.findByTestId('game-clock')).toHaveTextContent(/0[12]:[0-5]\d/);
    expect(calls('/task/api/game/saveUserRoundContent')[0]!.body).toEqual({ tenantId: 1001, roundId: 101 });

    fireEvent.click(screen.getByRole('radio', { name: 'B. 119' }));
    await waitFor(() => expect(calls('/task/api/game/saveUserRoundContent')).toHaveLength(2));
    expect(calls('/task/api/game/saveUserRoundContent')[1]!.body).toEqual({ tenantId: 1001, roundId: 101, userRoundId: 55, answers: { 11: ['B'] } });
    fireEvent.click(screen.getByRole('radio', { name: '错误' }));
    await waitFor(() => expect(calls('/task/api/game/saveUserRoundContent')).toHaveLength(3));
    expect(calls('/task/api/game/saveUserRoundContent')[2]!.body.answers).toEqual({ 11: ['B'], 12: ['F'] });

    fireEvent.click(screen.getByTestId('game-submit'));
    const shown = await screen.findByTestId('game-result');
    expect(calls('/task/api/game/finishRound')[0]!.params).toMatchObject({ userRoundId: 55 });
    expect(shown.dataset.stars).toBe('3');
    expect(screen.getByTestId('game-result-score')).toHaveTextContent('100');
    expect(screen.getByRole('img', { name: '3 颗星（共 3 颗）' })).toBeInTheDocument();
    expect(screen.getByTestId('game-points')).toHaveTextContent('获得积分 +15');
    expect(screen.getAllByTestId('game-review')[0]).toHaveTextContent('火警电话是多少？的解析');
    fireEvent.click(screen.getByTestId('game-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?gameId=7&roundId=102'));
  });

  it('asks before handing in with questions unanswered', async () => {
    state.routes['get /task/api/game/roundContent'] = ok(play(openAttempt(Date.now())));
    state.routes['get /task/api/game/finishRound'] = ok(result({ passed: false, stars: 0, score: 0, correct: 0, nextRound: { id: 102, title: '第2关题目', state: 'locked' } }));
    openPlayer();
    fireEvent.click(await screen.findByTestId('game-submit'));
    expect(await screen.findByText('还有 2 题未作答，确定交卷吗？')).toBeInTheDocument();
    expect(calls('/task/api/game/finishRound')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('game-confirm-submit'));
    expect(await screen.findByText('未通过，再接再厉')).toBeInTheDocument();
    // The next round stays locked after a fail: no way on.
    expect(screen.queryByTestId('game-next')).toBeNull();
  });

  it('counts down on the server\'s clock, and hands in by itself when the time is up', async () => {
    // The server is an hour behind this browser: its deadline is 90 s after its own now.
    const serverNow = Date.now() - 3_600_000;
    state.routes['get /task/api/game/roundContent'] = ok(play(openAttempt(serverNow - 30_000, { serverNow: at(serverNow) })));
    state.routes['get /task/api/game/finishRound'] = ok(result());
    openPlayer();
    expect(await screen.findByTestId('game-clock')).toHaveTextContent(/01:(29|30)/);
    expect(calls('/task/api/game/finishRound')).toHaveLength(0);

    const late = Date.now() - 3_600_000;
    state.routes['get /task/api/game/roundContent'] = ok(play(openAttempt(late - 200_000, { serverNow: at(late) })));
    openPlayer();
    await waitFor(() => expect(calls('/task/api/game/finishRound')).toHaveLength(1));
  });

  it('shows the server\'s refusal for a locked round, with the way back to the map', async () => {
    state.routes['get /task/api/game/roundContent'] = fail('第 2 关还未解锁：请先通过第 1 关“第1关题目”。', 'GAME_ROUND_LOCKED', 409);
    openPlayer(102);
    const refused = await screen.findByTestId('game-player-refused');
    expect(refused).toHaveTextContent('第 2 关还未解锁：请先通过第 1 关“第1关题目”。');
    expect(within(refused).getByRole('link', { name: '返回关卡地图' })).toHaveAttribute('href', '/game/round?gameId=7');
  });
});

describe('my plays', { timeout: 20_000 }, () => {
  it('lists each attempt with its round, score and stars', async () => {
    const row: AttemptRow = {
      userRoundId: 1, gameId: 7, gameTitle: GAME.title, roundId: 101, roundSort: 1, roundTitle: '消防安全常识', score: 67, correct: 2, questionCount: 3, stars: 1,
      passed: true, elapsedSeconds: 95, timeLimit: 120, timedOut: false, pointsAwarded: 5, startedAt: at(Date.now()), finishedAt: at(Date.now()),
    };
    state.routes['get /task/api/game/userGameHist'] = paged([row]);
    state.routes['get /task/api/game/searchByUser'] = paged([]);
    mount('/game/history', <GameHistoryPage />, '/game/history');
    const table = await screen.findByTestId('game-history-table');
    await waitFor(() => expect(table).toHaveTextContent('第 1 关 · 消防安全常识'));
    expect(table).toHaveTextContent('1 分 35 秒');
    expect(within(table).getByRole('img', { name: '1 颗星（共 3 颗）' })).toBeInTheDocument();
  });

  it('says there are none yet and where to play', async () => {
    state.routes['get /task/api/game/userGameHist'] = paged([]);
    state.routes['get /task/api/game/searchByUser'] = paged([]);
    mount('/game/history', <GameHistoryPage />, '/game/history');
    expect(await screen.findByText('还没有闯关记录，去挑战第一关吧')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去闯关' })).toHaveAttribute('href', '/game');
  });
});

describe('the game list', { timeout: 20_000 }, () => {
  it('shows my progress on the cards of games I play', async () => {
    state.routes['get /task/api/game/search'] = paged([GAME, { ...GAME, id: 8, title: '信息安全闯关挑战' }]);
    state.routes['get /task/api/game/searchByUser'] = paged([{
      game: GAME, progress: { started: true, startedAt: at(Date.now()), lastPlayedAt: null, passedRounds: 1, roundCount: 3, stars: 3, maxStars: 9, nextRoundId: 102, finished: false },
    }]);
    mount('/game', <GameListPage />, '/game');
    await waitFor(() => expect(screen.getAllByTestId('game-card-meta')[0]).toHaveTextContent('已通过 1/3 关'));
    expect(screen.getAllByTestId('game-card-meta')[0]).toHaveTextContent('星星 3/9');
    expect(screen.getAllByTestId('game-card-meta')[1]).not.toHaveTextContent('已通过');
    expect(screen.getAllByTestId('game-card-meta')[1]).toHaveTextContent('3 关 · 120 人参与');
  });
});
