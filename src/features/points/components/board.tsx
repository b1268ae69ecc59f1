// Pieces the points pages share: the period switch, the daily check-in button, a board of ranked
// learners with the top three highlighted, and my own place wherever it falls (docs/growth.md
// "Points, levels and ranking").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Empty, Pagination, Segmented, Skeleton, message as staticMessage } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { getUserScore, signInToday, type PointsPeriod } from '../../../api/points';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { loginPath } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { selectSignedIn, selectUserId, useUserStore } from '../../../stores/user-store';
import type { PointsTexts } from './texts';

export const PERIODS: readonly PointsPeriod[] = ['week', 'month', 'all'];

/** A period from the address (?period=), else the page's default. */
export const periodOf = (raw: string | null, fallback: PointsPeriod): PointsPeriod => (PERIODS as readonly string[]).includes(raw ?? '') ? raw as PointsPeriod : fallback;

const SHORT = { week: 'weekShort', month: 'monthShort', all: 'allShort' } as const;

/** 周榜 / 月榜 / 总榜 on a board; 本周 / 本月 / 全部 (short) on a list. */
export function PeriodSwitch({ value, onChange, t, short = false }: { value: PointsPeriod; onChange: (p: PointsPeriod) => void; t: PointsTexts; short?: boolean }) {
  return (
    <Segmented
      aria-label={t('periodLabel')} value={value} data-testid="points-period"
      onChange={(v) => onChange(v as PointsPeriod)} options={PERIODS.map((p) => ({ value: p, label: t(short ? SHORT[p] : p) }))}
    />
  );
}

/** The query key of my standing: the check-in refreshes everything under ['points', tenant]. */
export const scoreKey = (tenantId: number | null, userId: number | null) => ['points', tenantId, userId, 'score'] as const;

/** My standing (userScore) for a signed-in learner; disabled for a guest. */
export function useUserScore() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const signedIn = useUserStore(selectSignedIn);
  return useQuery({
    queryKey: scoreKey(tenantId, userId),
    queryFn: ({ signal }) => getUserScore({ silent: true, signal }),
    enabled: signedIn, retry: false,
  });
}

/** 签到: once a day (POST /um/api/userIntegrate/signIn, ours); 今日已签到 after. Nothing for a guest. */
export function CheckInButton({ t }: { t: PointsTexts }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const signedIn = useUserStore(selectSignedIn);
  const score = useUserScore();
  const client = useQueryClient();
  const { message } = App.useApp();
  const checkIn = useMutation({
    mutationFn: signInToday,
    onSuccess: (r) => {
      // App.useApp() has no methods outside <App>; fall back to antd's static message.
      void (message.success ?? staticMessage.success)(t('checkInOk', { n: r.points }));
      void client.invalidateQueries({ queryKey: ['points', tenantId] });
    },
    // A refusal (already checked in elsewhere) shows the server's message; refresh the state.
    onError: () => void client.invalidateQueries({ queryKey: ['points', tenantId] }),
  });
  if (!signedIn) return null;
  const done = score.data?.signedInToday ?? false;
  return (
    <Button
      type="primary" disabled={done || score.isPending} loading={checkIn.isPending} onClick={() => checkIn.mutate()}
      title={done ? undefined : t('checkInHint')} data-testid="points-check-in" data-done={done ? '1' : '0'}
    >
      {done ? t('checkedIn') : t('checkIn')}
    </Button>
  );
}

/** One learner of a board. */
export interface BoardRow { rank: number | null; userId: number; name: string; avatar: string | null }

/** A board: rank badges (1–3 gold, silver, bronze), name, value; my row marked. */
export function BoardList<R extends BoardRow>({ rows, value, meId, testId }: { rows: R[]; value: (r: R) => ReactNode; meId: number | null; testId: string }) {
  return (
    <ol className="points-board" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.userId} className="points-board__row" data-top={r.rank !== null && r.rank <= 3 ? r.rank : undefined} data-me={r.userId === meId ? '1' : undefined} data-testid="points-board-row">
          <span className="points-board__rank" data-rank={r.rank ?? ''}>{r.rank ?? '—'}</span>
          <Avatar src={r.avatar ?? undefined} alt="" size={36}>{r.name.slice(0, 1)}</Avatar>
          <span className="points-board__name">{r.name}</span>
          <span className="points-board__value">{value(r)}</span>
        </li>
      ))}
    </ol>
  );
}

/** My place on the board, always shown (also past the page); a guest is asked to sign in. */
export function MyPlace<R extends BoardRow>({ me, value, emptyHint, t }: { me: R | undefined; value: (r: R) => ReactNode; emptyHint: string; t: PointsTexts }) {
  const signedIn = useUserStore(selectSignedIn);
  const { pathname, search } = useLocation();
  if (!signedIn) {
    return (
      <p className="points-me points-muted" data-testid="points-me-guest">
        {t('signInForPlace')} <Link to={loginPath(`${pathname}${search}`)}>{t('signInLink')}</Link>
      </p>
    );
  }
  if (!me) return null;
  return (
    <div className="points-me" data-testid="points-me" data-rank={me.rank ?? ''}>
      <strong>{t('myPlace')}</strong>
      <Avatar src={me.avatar ?? undefined} alt="" size={32}>{me.name.slice(0, 1)}</Avatar>
      <span>{me.name}</span>
      <span className="points-me__rank">{me.rank === null ? t('notRanked') : t('rankNo', { n: me.rank })}</span>
      <span className="points-board__value">{value(me)}</span>
      {me.rank === null ? <span className="points-muted">{emptyHint}</span> : null}
    </div>
  );
}

/** The loading, error and empty states around a board, and its pager. */
export function BoardFrame({ query, empty, total, pageNo, pageSize, onPage, t, children }: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  empty: string; total: number; pageNo: number; pageSize: number; onPage: (pageNo: number, pageSize: number) => void; t: PointsTexts; children: ReactNode;
}) {
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (query.isError) {
    return <Alert type="error" showIcon title={query.error?.message || t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />;
  }
  if (total === 0) return <Empty description={empty} />;
  return (
    <>
      {children}
      <Pagination
        className="points-pager" current={pageNo} pageSize={pageSize} total={total} showSizeChanger pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
        onChange={(page, size) => onPage(size === pageSize ? page : 1, size)}
      />
    </>
  );
}
