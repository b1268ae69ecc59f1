// /attendance/detail?classesId= (attendance settingInfo, saveLog, queryLog): each session shows its
// window; 签到 is enabled only inside it (judged by the server's clock, not the browser's); a
// session with a radius asks navigator.geolocation and sends the position, and a refused
// permission says plainly what to do without calling the server; my sign-ins are listed; the
// teacher may switch the log to everyone's and add a session.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceSession, AttendanceSetting } from '../../schemas/api/train-classes-more';
import AttendancePage from '../../src/features/classes/routes/attendance-page';
import { calls, MEMBER, mount, ok, OUTSIDER, state, TEACHER, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const MIN = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

function session(id: number, startOffsetMin: number, over: Partial<AttendanceSession> = {}, now = Date.now()): AttendanceSession {
  const start = now + startOffsetMin * MIN;
  return {
    id, title: `第${id}次课`, startTime: at(start), windowStart: at(start - 30 * MIN), windowEnd: at(start + 15 * MIN),
    place: null, latitude: null, longitude: null, radius: null, open: false, signedAt: null, ...over,
  };
}

function serve(sessions: AttendanceSession[], opts: { auth?: typeof MEMBER; serverNow?: number } = {}) {
  const setting = (): AttendanceSetting => ({ classesId: 5, classesTitle: '安全管理专项培训班', now: at(opts.serverNow ?? Date.now()), sessions, current: null });
  state.routes['get /train/api/classes/classesAdminAuth'] = ok(opts.auth ?? MEMBER);
  state.routes['get /train/api/attendance/settingInfo'] = () => ok(setting());
  state.routes['get /train/api/attendance/queryLog'] = (r) => ok({
    list: sessions.filter((s) => s.signedAt).map((s) => ({ sessionId: s.id, sessionTitle: s.title, userId: 7, name: '小李', signedAt: s.signedAt!, distance: s.radius ? 120 : null })),
    total: sessions.filter((s) => s.signedAt).length, pageNo: 1, pageSize: 10,
  });
}

const open = () => mount('/attendance/detail', <AttendancePage />, '/attendance/detail?classesId=5');
const rowOf = async (id: number) => (await screen.findAllByTestId('attendance-session')).find((r) => r.dataset.id === String(id))!;

const originalGeo = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
afterEach(() => {
  if (originalGeo) Object.defineProperty(navigator, 'geolocation', originalGeo);
  else delete (navigator as { geolocation?: unknown }).geolocation;
});
function geolocation(answer: { coords: { latitude: number; longitude: number } } | { code: number }) {
  const getCurrentPosition = vi.fn((done: PositionCallback, failed: PositionErrorCallback) => {
    if ('coords' in answer) done(answer as GeolocationPosition);
    else failed(answer as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

describe('attendance page', { timeout: 20_000 }, () => {
  it('enables 签到 only for the session whose window is open, and signs in to it', async () => {
    const sessions = [session(1, -60 * 24), session(2, 10), session(3, 60 * 24)];
    serve(sessions);
    state.routes['post /train/api/attendance/saveLog'] = (r) => {
      sessions[1] = { ...sessions[1]!, signedAt: at(Date.now()) };
      return ok({ ...sessions[1]!, id: Number(r.body.sessionId) });
    };
    open();
    const past = await rowOf(1);
    expect(past.dataset.phase).toBe('closed');
    expect(within(past).getByTestId('attendance-sign')).toBeDisabled();
    expect(within(await rowOf(3)).getByTestId('attendance-sign')).toBeDisabled();
    expect(within(await rowOf(3)).getByTestId('attendance-status')).toHaveTextContent('未到签到时间');
    const current = await rowOf(2);
    expect(within(current).getByTestId('attendance-status')).toHaveTextContent('签到进行中');
    fireEvent.click(within(current).getByTestId('attendance-sign'));
    await waitFor(() => expect(calls('/train/api/attendance/saveLog')).toHaveLength(1));
    expect(calls('/train/api/attendance/saveLog')[0]!.body).toEqual({ classesId: 5, sessionId: 2, tenantId: 1001 });
    await waitFor(async () => expect((await rowOf(2)).dataset.phase).toBe('signed'));
    expect(within(await rowOf(2)).queryByTestId('attendance-sign')).toBeNull();
    expect(await screen.findByTestId('attendance-log')).toHaveTextContent('第2次课');
  });

  it('judges the window by the server\'s clock: a browser an hour fast still sees it open', async () => {
    const serverNow = Date.now() - 60 * MIN;
    // Opens 30 min before a start 10 min after the server's now: open for the server, long closed for this browser's clock.
    serve([session(1, 10, {}, serverNow)], { serverNow });
    open();
    const row = await rowOf(1);
    expect(row.dataset.phase).toBe('open');
    expect(within(row).getByTestId('attendance-sign')).toBeEnabled();
  });

  it('a session with a radius sends my position', async () => {
    serve([session(1, 0, { place: '培训中心 302 教室', latitude: 39.98, longitude: 116.31, radius: 500 })]);
    state.routes['post /train/api/attendance/saveLog'] = () => ok(session(1, 0, { signedAt: at(Date.now()) }));
    const ask = geolocation({ coords: { latitude: 39.981, longitude: 116.312 } });
    open();
    const row = await rowOf(1);
    expect(within(row).getByTestId('attendance-needs-location')).toHaveTextContent('需在上课地点 500 米内签到');
    fireEvent.click(within(row).getByTestId('attendance-sign'));
    await waitFor(() => expect(calls('/train/api/attendance/saveLog')).toHaveLength(1));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(calls('/train/api/attendance/saveLog')[0]!.body).toMatchObject({ sessionId: 1, latitude: 39.981, longitude: 116.312 });
  });

  it('a refused location permission says what to do and does not call the server', async () => {
    serve([session(1, 0, { latitude: 39.98, longitude: 116.31, radius: 500 })]);
    geolocation({ code: 1 });
    open();
    fireEvent.click(within(await rowOf(1)).getByTestId('attendance-sign'));
    expect(await screen.findByTestId('attendance-geo-error')).toHaveTextContent('你拒绝了定位权限');
    expect(screen.getByTestId('attendance-geo-error')).toHaveTextContent('允许本站获取位置');
    expect(calls('/train/api/attendance/saveLog')).toHaveLength(0);
  });

  it('a browser without geolocation says so for a session that needs a position', async () => {
    serve([session(1, 0, { radius: 300, latitude: 1, longitude: 1 })]);
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    open();
    fireEvent.click(within(await rowOf(1)).getByTestId('attendance-sign'));
    expect(await screen.findByTestId('attendance-geo-error')).toHaveTextContent('当前浏览器不支持定位');
    expect(calls('/train/api/attendance/saveLog')).toHaveLength(0);
  });

  it('someone who is not a member sees the sessions but cannot sign in', async () => {
    serve([session(1, 0)], { auth: OUTSIDER });
    open();
    expect(await screen.findByTestId('attendance-members-only')).toHaveTextContent('只有本班学员可以签到');
    expect(within(await rowOf(1)).getByTestId('attendance-sign')).toBeDisabled();
  });

  it('the teacher switches the log to everyone\'s and adds a session', async () => {
    serve([session(1, -60 * 24, { signedAt: at(Date.now() - 60 * 24 * MIN) })], { auth: TEACHER });
    state.routes['post /train/api/attendance/saveSetting'] = (r) => ok(session(9, 60, { title: String(r.body.title) }));
    open();
    await screen.findByTestId('attendance-log');
    expect(calls('/train/api/attendance/queryLog')[0]!.params.all).toBeUndefined();
    fireEvent.click(within(screen.getByTestId('attendance-log-scope')).getByText('查看全班'));
    await waitFor(() => expect(calls('/train/api/attendance/queryLog').at(-1)!.params.all).toBe(true));
    const form = screen.getByTestId('attendance-session-form');
    fireEvent.click(within(form).getByText('新增签到课次'));
    fireEvent.change(within(form).getByLabelText('课次名称'), { target: { value: '第9次课' } });
    fireEvent.click(within(form).getByRole('button', { name: '添加课次' }));
    await waitFor(() => expect(calls('/train/api/attendance/saveSetting')).toHaveLength(1));
    expect(calls('/train/api/attendance/saveSetting')[0]!.body).toMatchObject({ classesId: 5, title: '第9次课', beforeMinutes: 30, afterMinutes: 15 });
    expect(typeof calls('/train/api/attendance/saveSetting')[0]!.body.startTime).toBe('string');
  });

  it('a window that opens the day before its session shows that date (it read "23:30 – 12:00")', async () => {
    const start = new Date();
    start.setDate(start.getDate() + 2);
    start.setHours(0, 0, 0, 0);
    const s = session(1, 0, { startTime: at(start.getTime()), windowStart: at(start.getTime() - 30 * MIN), windowEnd: at(start.getTime() + 720 * MIN) });
    serve([s]);
    open();
    const eve = new Date(start.getTime() - 30 * MIN);
    const p2 = (n: number) => String(n).padStart(2, '0');
    expect(await rowOf(1)).toHaveTextContent(`签到时间 ${p2(eve.getMonth() + 1)}-${p2(eve.getDate())} 23:30 – 12:00`);
  });

  it('shows past sessions and the next three, the rest behind "show all" (thirty daily check-ins filled the page)', async () => {
    serve([session(1, -60 * 24), ...Array.from({ length: 6 }, (_, i) => session(i + 2, 60 * 24 * (i + 1)))]);
    open();
    await rowOf(1);
    expect(screen.getAllByTestId('attendance-session').map((r) => r.dataset.id)).toEqual(['1', '2', '3', '4']);
    fireEvent.click(screen.getByTestId('attendance-show-all'));
    expect(screen.getAllByTestId('attendance-session')).toHaveLength(7);
  });

  it('a class without sessions says so', async () => {
    serve([]);
    open();
    expect(await screen.findByText('该培训班还没有安排需要签到的课次')).toBeInTheDocument();
  });
});
