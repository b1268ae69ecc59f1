// /user/center/study/myStudyRecord (issue 7 item 6): study time per day from
// /um/api/userIntegrate/dailyStudyHours as totals and one bar per day, the 7/30-day switch, the
// error with a retry, and the study history; plus the time format and the chart's scale.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { DailyStudyHours } from '../../src/features/center/api/study-time';
import type { StudiedContent } from '../../src/features/center/api/my-study';
import { labelled, scaleTop } from '../../src/features/center/components/study-chart';
import { STUDY_RECORD_NAMESPACE, studyTime, zoneName, type StudyRecordText } from '../../src/features/center/components/study-record-texts';
import { textsIn } from '../../src/i18n/texts';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });

/** `n` days ending 2026-11-24, with the given seconds from the oldest. */
function hoursOf(n: number, seconds: (i: number) => number): DailyStudyHours {
  const days = Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(2026, 10, 24 - (n - 1 - i)));
    return { date: d.toISOString().slice(0, 10), seconds: seconds(i) };
  });
  return {
    timeZone: 'Asia/Shanghai', today: '2026-11-24', startDate: days[0]!.date, endDate: '2026-11-24', days,
    rangeSeconds: days.reduce((s, d) => s + d.seconds, 0), todaySeconds: days.at(-1)!.seconds, totalSeconds: 40_000, studyDays: 12,
  };
}
const studied = (id: number, state: 1 | 2): StudiedContent => ({
  id, title: `内容${id}`, cover: null, summary: null, categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z', purpose: 3, kind: 'video', author: '李老师', duration: 100, maxProgress: 50,
  mediaUrl: null, partCount: 0, viewCount: 0, favourCount: 0, labels: [],
  state, percentage: state === 2 ? 100 : 50, lastStudyTime: '2026-11-24T02:00:00.000Z',
});

let failing = false;
let history: StudiedContent[] = [];
const requests: { url: string; params: Row }[] = [];
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const params = (config.params ?? {}) as Row;
  requests.push({ url, params });
  let data: unknown = { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
  if (url === '/um/api/userIntegrate/dailyStudyHours') {
    data = failing ? { success: false, code: 500, flag: -1, message: '统计服务暂不可用', data: null }
      : ok(hoursOf(Number(params.days), (i) => (i % 3 === 0 ? 0 : (i + 1) * 300)));
  } else if (url === '/cm/api/content/searchByUser') {
    data = ok({ list: history, total: history.length, pageNo: 1, pageSize: 10 });
  } else if (url === '/um/api/message/getUserUnReadCount') {
    data = ok(0);
  }
  return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

const user = learnerSession;
const previousAdapter = apiClient.defaults.adapter;

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, user);
  failing = false;
  history = [];
  requests.length = 0;
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('study record', { timeout: 20_000 }, () => {
  it('shows the totals and one bar per day, today marked, and switches to 30 days', async () => {
    history = [studied(5, 2), studied(6, 1)];
    renderRoutes('/user/center/study/myStudyRecord');
    const bars = await screen.findAllByTestId('study-day');
    expect(bars).toHaveLength(7);
    expect(bars.map((b) => b.dataset.seconds)).toEqual(['0', '600', '900', '0', '1500', '1800', '0']);
    expect(bars.at(-1)).toHaveAttribute('data-date', '2026-11-24');
    expect(bars.at(-1)!.className).toContain('--today');
    expect(bars[4]).toHaveAccessibleName('2026-11-22：25分钟');
    expect(screen.getByTestId('study-total-today')).toHaveTextContent('今日学习0分钟');
    expect(screen.getByTestId('study-total-range')).toHaveTextContent('近7天学习1小时20分');
    expect(screen.getByTestId('study-total-total')).toHaveTextContent('累计学习11小时6分');
    expect(screen.getByTestId('study-total-days')).toHaveTextContent('学习天数12 天');
    expect(screen.getByRole('link', { name: '学习记录' }).className).toContain('portal-center__link--active');
    expect(screen.getByTitle('Asia/Shanghai')).toHaveTextContent(`日期按${zoneName('Asia/Shanghai', 'zh')}统计`);
    const rows = await screen.findAllByTestId('study-history-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('已学完');
    expect(within(rows[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    await userEvent.setup().click(screen.getByText('近30天'));
    await waitFor(() => expect(screen.getAllByTestId('study-day')).toHaveLength(30));
    expect(requests.filter((r) => r.url === '/um/api/userIntegrate/dailyStudyHours').map((r) => r.params.days)).toEqual([7, 30]);
    expect(screen.getByTestId('study-total-range')).toHaveTextContent('近30天学习');
  });

  it('shows the error with a retry, and the empty history with a way to the courses', async () => {
    failing = true;
    renderRoutes('/user/center/study/myStudyRecord');
    const error = await screen.findByTestId('study-time-error');
    expect(error).toHaveTextContent('统计服务暂不可用');
    expect(await screen.findByTestId('study-history-empty')).toHaveTextContent('还没有学习记录');
    failing = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findAllByTestId('study-day')).toHaveLength(7);
  });
});

describe('study record: time and scale', () => {
  const zh = (key: StudyRecordText, vars?: Record<string, string | number>) => textsIn(STUDY_RECORD_NAMESPACE, 'zh')(key, vars);
  it('writes whole minutes under an hour and hours with minutes above, rounding down', () => {
    expect([0, 59, 60, 119, 3599, 3600, 3660, 7200, 86_400].map((s) => studyTime(s, zh))).toEqual(
      ['0分钟', '不到1分钟', '1分钟', '1分钟', '59分钟', '1小时', '1小时1分', '2小时', '24小时']);
  });
  it('tops the scale at the busiest day rounded up, at least 10 minutes', () => {
    const days = (...s: number[]) => s.map((seconds, i) => ({ date: `d${i}`, seconds }));
    expect(scaleTop(days(0, 0))).toBe(600);
    expect(scaleTop(days(601))).toBe(1200);
    expect(scaleTop(days(3601))).toBe(5400);
    expect(scaleTop(days(4 * 3600 + 1))).toBe(5 * 3600);
  });
  it('names a time zone in the reader\'s language, or by its id when unknown', () => {
    expect(zoneName('Europe/London', 'en')).not.toBe('Europe/London');
    expect(zoneName('Mars/Olympus', 'zh')).toBe('Mars/Olympus');
  });
  it('labels every day of a week, and every 5th day of a month ending with today', () => {
    expect(Array.from({ length: 7 }, (_, i) => labelled(i, 7)).every(Boolean)).toBe(true);
    const month = Array.from({ length: 30 }, (_, i) => labelled(i, 30));
    expect(month.filter(Boolean)).toHaveLength(6);
    expect(month[29]).toBe(true);
  });
});
