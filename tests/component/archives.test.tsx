// The learning file's pages (issue 19 part D; src/features/archives): /archives's summary, sections
// and recent entries, the error with a retry; /archives/detail's filters in the request and the
// empty result; an entry's process and a missing one; self-directed study logged through the dialog,
// its client rules and the server's refusal kept in the form; the study-time bars by period.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { ArchiveEntry, AutonomyEntry, StudyTimeBucket, UserStatistics } from '../../src/api/archives';
import { periodName, scaleTop } from '../../src/features/archives/routes/study-time-detail-page';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const refuse = (message: string, errorCode: string, code = 400) => ({ success: false, code, flag: -1, message, data: null, errorCode });

const STATS: UserStatistics = {
  today: '2026-11-27', timeZone: 'Asia/Shanghai', totalSeconds: 5 * 3600 + 20 * 60, monthSeconds: 3600, onlineSeconds: 2 * 3600, autonomySeconds: 3 * 3600 + 20 * 60,
  studyDays: 9, coursesStudied: 3, coursesFinished: 1, contentsFinished: 7, examsTaken: 2, examsPassed: 1, classesJoined: 1, tasksFinished: 2,
  autonomyCount: 4, points: 320, level: '学习达人', credentials: 2,
};
const entry = (kind: ArchiveEntry['kind'], id: number, extra: Partial<ArchiveEntry> = {}): ArchiveEntry => ({
  kind, id, title: `${kind}-${id}`, state: 1, percentage: 40, seconds: 1200, score: null, passed: null,
  startedAt: '2026-11-20T02:00:00.000Z', lastStudyTime: '2026-11-26T02:00:00.000Z', ...extra,
});
const autonomy = (id: number, title: string): AutonomyEntry => ({
  id, title, kind: 'book', studyDate: '2026-11-26', minutes: 45, note: '', attachment: null, createdAt: '2026-11-26T02:00:00.000Z', updatedAt: '2026-11-26T02:00:00.000Z',
});

let failing = false;
let entries: ArchiveEntry[] = [];
let autonomyRows: AutonomyEntry[] = [];
let saveAnswer: unknown = null;
const requests: { url: string; params: Row; body?: Row }[] = [];
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const params = (config.params ?? {}) as Row;
  const body = typeof config.data === 'string' ? JSON.parse(config.data) as Row : undefined;
  requests.push({ url, params, ...(body ? { body } : {}) });
  let data: unknown = refuse(`No route ${url}`, 'NOT_FOUND', 404);
  if (url === '/um/api/userStatistics/get') data = failing ? refuse('统计服务暂不可用', 'INTERNAL', 500) : ok(STATS);
  else if (url === '/um/api/userStudy/search') {
    const list = entries.filter((e) => !params.kind || e.kind === params.kind);
    data = ok({ list, total: list.length, pageNo: params.pageNo, pageSize: params.pageSize });
  } else if (url === '/dataapi/study/LearningProcess') {
    const found = entries.find((e) => e.kind === params.type && e.id === Number(params.id));
    data = found ? ok({
      entry: found, steps: [
        { title: '第一课', kind: 'lesson', state: 2, percentage: 100, seconds: 600, score: null, passed: null, startedAt: '2026-11-20T02:00:00.000Z', at: '2026-11-20T03:00:00.000Z' },
        { title: '第二课', kind: 'lesson', state: 0, percentage: 0, seconds: 0, score: null, passed: null, startedAt: null, at: null },
      ],
    }) : refuse('你的学习档案里没有这条课程记录', 'ARCHIVE_ENTRY_NOT_FOUND', 404);
  } else if (url === '/um/api/autonomyStudy/search') {
    data = ok({ list: autonomyRows, total: autonomyRows.length, pageNo: 1, pageSize: 10, totalMinutes: autonomyRows.reduce((s, e) => s + e.minutes, 0) });
  } else if (url === '/um/api/autonomyStudy/save') {
    data = saveAnswer ?? ok({ entry: autonomy(99, String(body?.title)), points: 5, dayMinutes: 45 });
    if (!saveAnswer) autonomyRows = [autonomy(99, String(body?.title)), ...autonomyRows];
  } else if (url === '/um/api/userStatistics/studyTime') {
    const count = Number(params.count);
    const buckets: StudyTimeBucket[] = Array.from({ length: count }, (_, i) => ({
      start: `2026-11-${String(27 - count + 1 + i).padStart(2, '0')}`, end: `2026-11-${String(27 - count + 1 + i).padStart(2, '0')}`,
      onlineSeconds: i * 600, autonomySeconds: i === count - 1 ? 2700 : 0,
    }));
    data = ok({ unit: params.unit, today: '2026-11-27', timeZone: 'Asia/Shanghai', buckets,
      onlineSeconds: buckets.reduce((s, b) => s + b.onlineSeconds, 0), autonomySeconds: 2700 });
  } else if (url === '/um/api/message/getUserUnReadCount') data = ok(0);
  return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

const previousAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, learnerSession);
  failing = false;
  entries = [entry('course', 11), entry('exam', 12, { state: 2, percentage: 100, score: 88, passed: true }), entry('autonomy', 13, { state: 2, percentage: 100 })];
  autonomyRows = [];
  saveAnswer = null;
  requests.length = 0;
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('archives pages', { timeout: 20_000 }, () => {
  it('shows the summary, the sections and the recent entries with links to their process', async () => {
    renderRoutes('/archives');
    expect(await screen.findByTestId('archives-stat-total')).toHaveTextContent('5 小时 20 分钟');
    expect(screen.getByTestId('archives-stat-total')).toHaveTextContent('其中线上学习 2 小时，自主学习 3 小时 20 分钟');
    expect(screen.getByTestId('archives-stat-exams')).toHaveTextContent('1 / 2 场');
    expect(screen.getByTestId('archives-stat-points')).toHaveTextContent('320');
    expect(screen.getByTestId('archives-stat-points')).toHaveTextContent('学习达人');
    expect(screen.getByTestId('archives-link-points')).toHaveAttribute('href', '/archives/pointDetail');
    expect(screen.getByTestId('archives-link-certificates')).toHaveAttribute('href', '/archives/certificatesDetail');
    const rows = await screen.findAllByTestId('archive-entry');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'course-11' })).toHaveAttribute('href', '/archives/archivesDetall?type=course&id=11');
    expect(rows[1]).toHaveTextContent('通过');
    expect(requests.find((r) => r.url === '/um/api/userStudy/search')?.params).toMatchObject({ pageNo: 1, pageSize: 5 });
  });

  it('shows the summary\'s error with a retry that loads it', async () => {
    failing = true;
    renderRoutes('/archives');
    const error = await screen.findByTestId('archives-error');
    expect(error).toHaveTextContent('统计服务暂不可用');
    failing = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('archives-stat-total')).toBeInTheDocument();
  });

  it('asks the server for the kind in the address and says when nothing matches', async () => {
    renderRoutes('/archives/detail?kind=exam&state=2');
    const rows = await screen.findAllByTestId('archive-entry');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['exam']);
    expect(requests.filter((r) => r.url === '/um/api/userStudy/search').at(-1)?.params).toMatchObject({ kind: 'exam', state: 2, pageNo: 1, pageSize: 10 });
    cleanup();
    renderRoutes('/archives/detail?kind=task');
    expect(await screen.findByText('没有符合条件的学习记录')).toBeInTheDocument();
    expect(screen.getByTestId('archives-export')).toBeDisabled();
  });

  it('shows an entry\'s process step by step, and a missing entry as not found', async () => {
    renderRoutes('/archives/archivesDetall?type=course&id=11');
    const steps = await screen.findAllByTestId('process-step');
    expect(steps.map((s) => s.dataset.state)).toEqual(['2', '0']);
    expect(steps[1]).toHaveTextContent('未开始');
    cleanup();
    renderRoutes('/archives/archivesDetall?type=course&id=404');
    expect(await screen.findByText('没有找到这条学习记录')).toBeInTheDocument();
  });

  it('logs self-directed study: the title rule first, then the server\'s refusal kept in the form, then success', async () => {
    const user = userEvent.setup();
    renderRoutes('/archives/autonomyStudy');
    expect(await screen.findByText('还没有自主学习记录')).toBeInTheDocument();
    await user.click(screen.getByTestId('autonomy-add'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('autonomy-title'), '书');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请填写 2–60 个字的标题')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/um/api/autonomyStudy/save')).toBe(false);

    saveAnswer = refuse('2026-11-27 已记录自主学习 700 分钟，每天合计最多 720 分钟，这条最多还能填 20 分钟。', 'AUTONOMY_DAY_LIMIT');
    await user.type(within(dialog).getByTestId('autonomy-title'), '读完一本书');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByTestId('autonomy-error')).toHaveTextContent('最多还能填 20 分钟');

    saveAnswer = null;
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = requests.filter((r) => r.url === '/um/api/autonomyStudy/save').at(-1)!.body!;
    expect(saved).toMatchObject({ title: '书读完一本书', kind: 'book', minutes: 30, attachment: null });
    expect(saved.studyDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByTestId('autonomy-entry')).toHaveTextContent('书读完一本书');
  });

  it('draws a bar per period with both kinds of time, and asks for weeks when switched', async () => {
    renderRoutes('/archives/studyTimeDetail');
    const bars = await screen.findAllByTestId('study-time-bar');
    expect(bars).toHaveLength(7);
    expect(bars.at(-1)).toHaveAttribute('data-autonomy', '2700');
    expect(bars.at(-1)).toHaveAccessibleName('2026-11-27：线上 1 小时，自主 45 分钟');
    await userEvent.setup().click(screen.getByText('按周'));
    await waitFor(() => expect(screen.getAllByTestId('study-time-bar')).toHaveLength(8));
    expect(requests.filter((r) => r.url === '/um/api/userStatistics/studyTime').map((r) => `${r.params.unit}:${r.params.count}`)).toEqual(['day:7', 'week:8']);
  });
});

describe('study time scale', () => {
  it('rounds the busiest period up to whole 10, 30 or 60 minutes', () => {
    const b = (s: number): StudyTimeBucket => ({ start: '2026-11-01', end: '2026-11-01', onlineSeconds: s, autonomySeconds: 0 });
    expect([0, 500, 1300, 4000, 4 * 3600 + 1].map((s) => scaleTop([b(s)]))).toEqual([600, 600, 1800, 5400, 5 * 3600]);
    const t = ((k: string, v?: Record<string, string | number>) => `${k}:${v?.start ?? ''}`) as Parameters<typeof periodName>[2];
    expect(periodName(b(0), 'month', t)).toBe('2026-11');
    expect(periodName(b(0), 'week', t)).toBe('weekOf:2026-11-01');
  });
});
