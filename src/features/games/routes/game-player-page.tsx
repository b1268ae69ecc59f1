// /game/round/player?gameId=&roundId= (spec learning §2 "Games"): one round played. First the
// round's material (nothing is timed); 开始答题 opens the attempt on the server, whose clock sets the
// deadline; then the questions with a visible countdown, each answer saved as it is given; 交卷 (or
// the time running out) hands it in; then the result: score, stars, passed or not, each question's
// right answer and explanation, and 下一关 once it is unlocked. Answers never reach the page before
// the attempt is finished (the server sends them only in the result).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Result, Skeleton, Space, Tag, type ButtonProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import {
  beginRound, finishRound, gamePaths, getRoundContent, saveRoundAnswers, type OpenAttempt, type RoundPlay, type RoundResult,
} from '../../../api/games';
import { QuestionView } from '../../../components/question/question-view';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { positiveId, Stars } from '../components/game-parts';
import { duration, useGamesTexts, type GamesTexts } from '../components/texts';
import '../components/games.css';

type Answers = Record<string, string[]>;

/** mm:ss of the seconds left. */
const clock = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** The material as paragraphs (plain text, a blank line between paragraphs). */
function Material({ content }: { content: string }) {
  return <div className="game-material" data-testid="game-material">{content.split(/\n\s*\n/).map((p, i) => <p key={i}>{p}</p>)}</div>;
}

/**
 * Sends the latest answers to the server, one request at a time: an answer given while one is on
 * its way is sent right after it, so the last answer always lands. `flush` resolves when the server
 * has the latest.
 */
function useAnswerSaver(roundId: number, attemptId: number) {
  const latest = useRef<Answers | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed' | 'closed'>('idle');
  const run = useCallback(async () => {
    while (latest.current) {
      const answers = latest.current;
      latest.current = null;
      setStatus('saving');
      try {
        await saveRoundAnswers(roundId, attemptId, answers, { silent: true });
        setStatus('saved');
      } catch (error) {
        // Time up or already handed in: nothing more to save; the finish scores what the server has.
        if (error instanceof ApiError && error.code === 409) {
          latest.current = null;
          setStatus('closed');
          return;
        }
        setStatus('failed');
        return;
      }
    }
  }, [roundId, attemptId]);
  const save = useCallback((answers: Answers) => {
    latest.current = answers;
    if (!running.current) running.current = run().finally(() => { running.current = null; });
  }, [run]);
  const flush = useCallback(async () => {
    if (running.current) await running.current;
    if (latest.current) await run();
  }, [run]);
  return { save, flush, status };
}

/** The questions of an open attempt with the countdown and 交卷. */
function Answering({ play, attempt, offset, onFinished, t }: {
  play: RoundPlay; attempt: OpenAttempt; offset: number; onFinished: (r: RoundResult) => void; t: GamesTexts;
}) {
  const [answers, setAnswers] = useState<Answers>(attempt.answers);
  const [now, setNow] = useState(() => Date.now() + offset);
  const [confirming, setConfirming] = useState(false);
  const { save, flush, status } = useAnswerSaver(play.round.id, attempt.userRoundId);
  const deadline = new Date(attempt.deadline).getTime();
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const total = attempt.questions.length;
  const answered = attempt.questions.filter((q) => (answers[String(q.id)] ?? []).length > 0).length;
  const finish = useMutation({
    mutationFn: async () => {
      await flush();
      return finishRound(attempt.userRoundId);
    },
    onSuccess: onFinished,
  });
  const timeUp = left === 0;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  // spec learning §9 (ours, docs/growth.md "Games"): at the limit the attempt is handed in as it stands.
  const handedIn = useRef(false);
  useEffect(() => {
    if (timeUp && !handedIn.current) {
      handedIn.current = true;
      setConfirming(false);
      finish.mutate();
    }
  }, [timeUp, finish]);

  const submit = () => {
    if (answered < total) setConfirming(true);
    else {
      handedIn.current = true;
      finish.mutate();
    }
  };
  const statusText = timeUp ? t('timeUp') : finish.isPending ? t('submitting')
    : status === 'saving' ? t('saving') : status === 'saved' ? t('saved') : status === 'failed' ? t('saveFailed') : '';

  return (
    <div className="game-player" data-testid="game-answering" data-attempt={attempt.userRoundId}>
      <div className="game-card" style={{ marginTop: 0 }}>
        {attempt.questions.map((q, i) => (
          <QuestionView
            key={q.id} question={q} number={i + 1} scored={false} disabled={timeUp || finish.isPending} value={answers[String(q.id)] ?? []}
            onChange={(value) => {
              const next = { ...answers, [String(q.id)]: value };
              setAnswers(next);
              save(next);
            }}
          />
        ))}
      </div>
      <aside className="game-player__side game-card" style={{ marginTop: 0 }} aria-label={t('timeLeft')}>
        <div className="game-muted">{t('timeLeft')}</div>
        <div className={`game-clock${left <= 30 ? ' game-clock--warn' : ''}`} data-testid="game-clock" role="timer" aria-live="off">{clock(left)}</div>
        <div>{t('answered', { n: answered, total })}</div>
        <div className="game-status game-muted" role="status" data-testid="game-save-status">{statusText}</div>
        {finish.isError ? <Alert type="error" showIcon title={finish.error.message} /> : null}
        <Button type="primary" size="large" block loading={finish.isPending} disabled={timeUp && !finish.isError} onClick={submit} data-testid="game-submit">{t('submit')}</Button>
      </aside>
      <Modal
        open={confirming} title={t('submit')} okText={t('confirmOk')} cancelText={t('confirmCancel')}
        onOk={() => { setConfirming(false); handedIn.current = true; finish.mutate(); }} onCancel={() => setConfirming(false)}
        okButtonProps={{ 'data-testid': 'game-confirm-submit' } as ButtonProps}
      >
        <p>{t('confirmSubmit', { n: total - answered })}</p>
      </Modal>
    </div>
  );
}

/** A finished attempt: score, stars, the way on, and each question with the right answer and why. */
function ResultView({ result, gameId, onRetry, t }: { result: RoundResult; gameId: number; onRetry: () => void; t: GamesTexts }) {
  const navigate = useNavigate();
  const next = result.nextRound && result.nextRound.state !== 'locked' ? result.nextRound : null;
  const keys = (q: RoundResult['questions'][number], list: string[]) =>
    list.length === 0 ? t('noAnswer') : list.map((k) => (q.kind === 'judge' ? q.options.find((o) => o.key === k)?.text ?? k : k)).join('、');
  return (
    <div data-testid="game-result" data-passed={result.passed} data-stars={result.stars}>
      <div className="game-card" style={{ marginTop: 0, textAlign: 'center' }}>
        <h2 style={{ marginTop: 0 }} role="status">{result.passed ? t('resultPassed') : t('resultFailed')}</h2>
        <div className="game-result__stars"><Stars n={result.stars} t={t} /></div>
        <div className="game-result__score" data-testid="game-result-score">{result.score}</div>
        <p className="game-muted">{t('score')} · {t('correct', { n: result.correct, total: result.questionCount })} · {t('passScore', { n: result.passScore })}</p>
        <p>
          {t('elapsed')} {duration(result.elapsedSeconds, t)}
          {result.timedOut ? <Tag color="warning" style={{ marginInlineStart: 8 }}>{t('timedOut')}</Tag> : null}
          {result.pointsAwarded > 0 ? <Tag color="gold" style={{ marginInlineStart: 8 }} data-testid="game-points">{t('points', { n: result.pointsAwarded })}</Tag> : null}
        </p>
        <Space wrap style={{ justifyContent: 'center' }}>
          {next ? (
            <Button type="primary" size="large" onClick={() => navigate(gamePaths.player(gameId, next.id))} data-testid="game-next">
              {t('nextRound', { title: next.title })}
            </Button>
          ) : null}
          <Button size="large" onClick={onRetry} data-testid="game-retry">{t('retryRound')}</Button>
          <Button size="large" onClick={() => navigate(gamePaths.round(gameId))} data-testid="game-back-map">{t('backToMap')}</Button>
        </Space>
      </div>
      <section className="game-card" aria-labelledby="game-review-title">
        <h2 id="game-review-title" style={{ marginTop: 0 }}>{t('explanations')}</h2>
        <ol style={{ paddingLeft: 20, margin: 0 }}>
          {result.questions.map((q) => (
            <li key={q.id} className="game-review" data-testid="game-review" data-right={q.right}>
              <p style={{ margin: 0 }}>{q.stem}</p>
              {q.kind !== 'judge' ? <p className="game-muted" style={{ margin: '4px 0 0' }}>{q.options.map((o) => `${o.key}. ${o.text}`).join('　')}</p> : null}
              <p className={`game-review__answer game-review__answer--${q.right ? 'right' : 'wrong'}`}>
                {q.right ? t('right') : t('wrong')} · {t('yourAnswer', { a: keys(q, q.yourAnswer) })} · {t('rightAnswer', { a: keys(q, q.correctAnswer) })}
              </p>
              {q.explanation ? <p className="game-review__answer">{t('explanation', { e: q.explanation })}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function Player({ gameId, roundId }: { gameId: number; roundId: number }) {
  const t = useGamesTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const client = useQueryClient();
  const [result, setResult] = useState<RoundResult | null>(null);
  const queryKey = ['games', tenantId, userId, 'play', roundId] as const;
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const play = await getRoundContent(roundId, { silent: true, signal });
      return { play, offset: play.attempt ? new Date(play.attempt.serverNow).getTime() - Date.now() : 0 };
    },
    retry: false, refetchOnWindowFocus: false,
  });
  const begin = useMutation({
    mutationFn: () => beginRound(roundId),
    onSuccess: (play) => client.setQueryData(queryKey, { play, offset: play.attempt ? new Date(play.attempt.serverNow).getTime() - Date.now() : 0 }),
  });
  const finished = (r: RoundResult) => {
    setResult(r);
    // The map, the detail, my games and my history all changed.
    void client.invalidateQueries({ queryKey: ['games', tenantId, userId], predicate: (q) => q.queryKey[3] !== 'play' });
    // The attempt is closed: 再试一次 shows the material again at once (and a fresh state from the server).
    client.setQueryData(queryKey, (old: { play: RoundPlay; offset: number } | undefined) => old && { ...old, play: { ...old.play, attempt: null } });
  };

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    const e = query.error;
    const refused = e instanceof ApiError && (e.code === 409 || e.code === 404);
    return (
      <Result
        status={refused ? 'warning' : 'error'} title={refused ? e.message : t('loadFailed')} subTitle={refused ? undefined : e.message} data-testid="game-player-refused"
        extra={<Space><Link to={gamePaths.round(gameId)}>{t('backToMap')}</Link>{refused ? null : <Button onClick={() => void query.refetch()}>{t('retry')}</Button>}</Space>}
      />
    );
  }
  const { play, offset } = query.data;
  const head = (
    <div className="game-head">
      <div>
        <p className="game-muted" style={{ margin: 0 }}><Link to={gamePaths.round(gameId)}>{play.gameTitle}</Link></p>
        <h1 className="game-title">{t('roundOf', { n: play.round.sort })} · {play.round.title}</h1>
      </div>
      <span className="game-muted">{t('timeLimit', { time: duration(play.round.timeLimit, t) })} · {t('questions', { n: play.round.questionCount })} · {t('passScore', { n: play.round.passScore })}</span>
    </div>
  );
  if (result) {
    return <>{head}<ResultView result={result} gameId={gameId} t={t} onRetry={() => { setResult(null); void query.refetch(); }} /></>;
  }
  if (play.attempt) {
    return <>{head}<Answering key={play.attempt.userRoundId} play={play} attempt={play.attempt} offset={offset} onFinished={finished} t={t} /></>;
  }
  return (
    <>
      {head}
      <section className="game-card" style={{ marginTop: 0 }} aria-labelledby="game-material-title" data-testid="game-study">
        <h2 id="game-material-title" style={{ marginTop: 0 }}>{t('material')}</h2>
        <Material content={play.content} />
        <Alert type="info" showIcon title={t('materialHint')} style={{ margin: '16px 0' }} />
        <Button type="primary" size="large" loading={begin.isPending} onClick={() => begin.mutate()} data-testid="game-begin">{t('beginAnswer')}</Button>
      </section>
    </>
  );
}

export default function GamePlayerPage() {
  const t = useGamesTexts();
  const [params] = useSearchParams();
  const gameId = positiveId(params.get('gameId'));
  const roundId = positiveId(params.get('roundId'));
  if (gameId === null || roundId === null) {
    return <Result status="404" title={t('badId')} subTitle={t('badIdHint')} extra={<Link to={gamePaths.list}>{t('backToList')}</Link>} />;
  }
  // A new round (下一关) starts a new player: no state carries over.
  return <div className="game-page" data-testid="game-player"><Player key={roundId} gameId={gameId} roundId={roundId} /></div>;
}
