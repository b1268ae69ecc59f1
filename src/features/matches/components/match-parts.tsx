// Small pieces the competition pages share: the status tag, dates as people read them, and the
// one-line facts of a match (enrolment and running windows, entrants).
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { MatchItem, MatchStatus } from '../../../api/matches';
import type { MatchTexts } from './match-texts';

/** Tag colours with AA contrast in both styles (antd's preset tags). */
const STATUS_COLOR: Record<MatchStatus, string> = { upcoming: 'default', enrolling: 'green', in_progress: 'blue', ended: 'default' };

export const MATCH_STATUSES: readonly MatchStatus[] = ['enrolling', 'in_progress', 'upcoming', 'ended'];

/** A date and time as "2026-11-27 10:30". */
export const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
/** A date as "2026-11-27". */
export const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

export function StatusTag({ status, t }: { status: MatchStatus; t: MatchTexts }) {
  return <Tag color={STATUS_COLOR[status]} data-testid="match-status" data-status={status}>{t(status)}</Tag>;
}

/** "报名 … 至 …", "比赛 … 至 …" and the entrant count. */
export function matchFacts(m: MatchItem, t: MatchTexts): string[] {
  return [
    t('enrollWindow', { from: day(m.enrollStart), to: day(m.enrollEnd) }),
    t('runWindow', { from: day(m.startTime), to: day(m.endTime) }),
    m.entrantLimit === null ? t('entrants', { n: m.entrantCount }) : t('entrantsOf', { n: m.entrantCount, limit: m.entrantLimit }),
  ];
}
