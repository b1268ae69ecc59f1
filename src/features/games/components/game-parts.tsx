// Pieces the game pages share: stars, a round's state tag, its one-line facts and its row in a round list.
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { gamePaths, type RoundState, type RoundSummary } from '../../../api/games';
import { duration, type GamesTexts } from './texts';

/** 0–3 stars, read out as "2 颗星（共 3 颗）". */
export function Stars({ n, t }: { n: number; t: GamesTexts }) {
  return (
    <span className="game-stars" role="img" aria-label={t('starsLabel', { n })} data-testid="game-stars" data-stars={n}>
      {[1, 2, 3].map((i) => <span key={i} aria-hidden="true" className={i <= n ? 'game-stars__on' : 'game-stars__off'}>{i <= n ? '★' : '☆'}</span>)}
    </span>
  );
}

const STATE: Record<RoundState, { key: 'stateLocked' | 'stateOpen' | 'statePassed'; color: string }> = {
  locked: { key: 'stateLocked', color: 'default' },
  open: { key: 'stateOpen', color: 'processing' },
  passed: { key: 'statePassed', color: 'success' },
};

/** The round's state for me: 未解锁, 可挑战, 已通过 (or 答题中 with an attempt open). */
export function RoundStateTag({ round, t }: { round: RoundSummary; t: GamesTexts }) {
  if (round.openAttemptId !== null && round.state !== 'locked') return <Tag color="warning" data-testid="game-round-state" data-state="answering">{t('inProgress')}</Tag>;
  const s = STATE[round.state];
  return <Tag color={s.color} data-testid="game-round-state" data-state={round.state}>{t(s.key)}</Tag>;
}

/** 限时 2 分钟 · 3 题 · 及格 60 分 · 最佳 100 分. */
export function roundFacts(r: RoundSummary, t: GamesTexts): string[] {
  return [
    t('timeLimit', { time: duration(r.timeLimit, t) }), t('questions', { n: r.questionCount }), t('passScore', { n: r.passScore }),
    r.bestScore === null ? t('notPlayed') : t('best', { n: r.bestScore }),
  ];
}

/** A positive integer id from the path, or null. */
export const positiveId = (raw: string | null | undefined) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** One round in a list, with the action it allows. */
export function RoundItem({ round, gameId, t }: { round: RoundSummary; gameId: number; t: GamesTexts }) {
  const navigate = useNavigate();
  const playable = round.state !== 'locked';
  const label = round.openAttemptId ? 'continueRound' : round.state === 'passed' ? 'replay' : 'play';
  return (
    <li className="game-round" data-state={round.state} data-testid="game-round" data-id={round.id}>
      <span className="game-round__no" aria-hidden="true">{round.sort}</span>
      <div>
        <h3 className="game-round__title" id={`game-round-${round.id}-title`}>{t('roundOf', { n: round.sort })} · {round.title}</h3>
        <div className="game-round__meta">
          <RoundStateTag round={round} t={t} />
          <Stars n={round.bestStars} t={t} />
          <span className="game-muted">{roundFacts(round, t).join(' · ')}</span>
        </div>
      </div>
      {playable ? (
        <Button
          type={round.state === 'open' ? 'primary' : 'default'} onClick={() => navigate(gamePaths.player(gameId, round.id))} data-testid="game-round-play"
          aria-describedby={`game-round-${round.id}-title`}
        >
          {t(label)}
        </Button>
      ) : <span className="game-muted">{t('lockedHint')}</span>}
    </li>
  );
}

