// /classes/statis?classesId= and /classes/statisList: the class overview's figures and its SVG/CSS
// charts (completion by phase and by course, attendance by session) with the numbers as text; my
// own figures; every member's figures for the teacher only; and the list of the classes I teach or
// study in, each with its headline figures and a link to its statistics.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClassStatis, MemberStatis } from '../../schemas/api/train-classes-more';
import type { Circle } from '../../schemas/api/train-circle';
import ClassStatisListPage from '../../src/features/classes/routes/class-statis-list-page';
import ClassStatisPage from '../../src/features/classes/routes/class-statis-page';
import { calls, fail, MEMBER, mount, ok, paged, state, TEACHER, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const ME: MemberStatis = {
  userId: 7, name: '小李', enrolledAt: '2026-11-01T00:00:00.000Z', percentage: 40, finishedCount: 2, itemCount: 5, studySeconds: 5400,
  attendanceCount: 3, attendanceRate: 75, commentCount: 1, score: null, passed: null,
};
const STATIS: ClassStatis = {
  classesId: 5, title: '安全管理专项培训班', memberCount: 8, itemCount: 5, averagePercentage: 62, finishedMembers: 2, attendanceRate: 81,
  sessionCount: 2, totalStudySeconds: 8 * 3600 + 20 * 60, averageStudySeconds: 3900, commentCount: 4,
  items: [
    { itemId: 11, phaseId: 1, title: '风险识别微课', type: 'content', finishedMembers: 6, averagePercentage: 80 },
    { itemId: 12, phaseId: 2, title: '安全生产入门', type: 'course', finishedMembers: 1, averagePercentage: 35 },
  ],
  phases: [
    { phaseId: 1, title: '入门导学', itemCount: 1, averagePercentage: 80, finishedMembers: 6 },
    { phaseId: 2, title: '核心课程', itemCount: 1, averagePercentage: 35, finishedMembers: 1 },
  ],
  sessions: [
    { sessionId: 1, title: '第1次课', startTime: '2026-11-02T01:00:00.000Z', signedCount: 7, rate: 88 },
    { sessionId: 2, title: '第2次课', startTime: '2026-11-09T01:00:00.000Z', signedCount: 6, rate: 75 },
  ],
  member: ME,
};

const openStatis = () => mount('/classes/statis', <ClassStatisPage />, '/classes/statis?classesId=5');

describe('class statistics', { timeout: 20_000 }, () => {
  it('shows the figures and draws completion by phase and course and attendance by session', async () => {
    state.routes['get /train/api/classes/classesAdminAuth'] = ok(MEMBER);
    state.routes['get /train/api/classes/statis'] = ok(STATIS);
    openStatis();
    await screen.findByTestId('class-statis');
    expect(calls('/train/api/classes/statis')[0]!.params).toMatchObject({ id: 5, tenantId: 1001 });
    expect(screen.getByTestId('statis-members')).toHaveTextContent('8');
    expect(screen.getByTestId('statis-total-time')).toHaveTextContent('8 小时 20 分');
    expect(screen.getByTestId('statis-comments')).toHaveTextContent('4');
    const rings = screen.getAllByTestId('statis-ring');
    expect(rings.map((r) => r.dataset.percent)).toEqual(['62', '81', '40']);
    expect(screen.getAllByTestId('statis-phases-bar').map((b) => [b.textContent, b.dataset.percent])).toEqual([
      [expect.stringContaining('入门导学'), '80'], [expect.stringContaining('核心课程'), '35'],
    ]);
    expect(screen.getAllByTestId('statis-phases-bar')[0]).toHaveTextContent('6/8 人完成');
    expect(screen.getAllByTestId('statis-items-bar')[1]).toHaveTextContent('核心课程 · 安全生产入门');
    const columns = screen.getAllByTestId('statis-sessions-bar');
    expect(columns.map((c) => c.dataset.percent)).toEqual(['88', '75']);
    // The column's height follows its rate (140 px is 100 %).
    expect(Number(columns[0]!.querySelector('rect')!.getAttribute('height'))).toBeCloseTo(140 * 0.88, 5);
    // The figures are text too: the column's tooltip and the list a screen reader reads.
    expect(screen.getAllByText('第1次课: 88% (7 人签到 · 88%)')).toHaveLength(2);
    expect(screen.getByTestId('statis-mine-attendance')).toHaveTextContent('签到 3 次 · 出勤率 75%');
    // A learner is not shown everyone's figures, nor asks for them.
    expect(screen.queryByTestId('statis-member-panel')).toBeNull();
    expect(calls('/train/api/classes/statisList')).toHaveLength(0);
  });

  it('the teacher also gets every member\'s figures, paged', async () => {
    state.routes['get /train/api/classes/classesAdminAuth'] = ok(TEACHER);
    state.routes['get /train/api/classes/statis'] = ok({ ...STATIS, member: null });
    const members = Array.from({ length: 12 }, (_, i) => ({ ...ME, userId: 100 + i, name: `学员${i + 1}`, score: i === 0 ? 88 : null, passed: i === 0 ? true : null }));
    state.routes['get /train/api/classes/statisList'] = (r) => {
      const pageNo = Number(r.params.pageNo);
      return paged(members.slice((pageNo - 1) * 10, pageNo * 10), members.length, pageNo);
    };
    openStatis();
    const panel = await screen.findByTestId('statis-member-panel');
    await waitFor(() => expect(within(panel).getAllByTestId('statis-member')).toHaveLength(10));
    expect(within(panel).getAllByTestId('statis-member')[0]).toHaveTextContent('学员1');
    expect(within(panel).getAllByTestId('statis-member')[0]).toHaveTextContent('88 合格');
    fireEvent.click(within(panel).getByTitle('2'));
    await waitFor(() => expect(within(panel).getAllByTestId('statis-member')).toHaveLength(2));
    expect(screen.queryByTestId('statis-mine')).toBeNull();
  });

  it('draws only sessions that have started, and no arc for 0 % (a future session showed 0 %, a 0 % ring a dot)', async () => {
    state.routes['get /train/api/classes/classesAdminAuth'] = ok(MEMBER);
    state.routes['get /train/api/classes/statis'] = ok({
      ...STATIS, averagePercentage: 0,
      sessions: [...STATIS.sessions, { sessionId: 3, title: '第3次课', startTime: new Date(Date.now() + 86_400_000).toISOString(), signedCount: 0, rate: 0 }],
    });
    openStatis();
    await screen.findByTestId('class-statis');
    expect(screen.getAllByTestId('statis-sessions-bar').map((c) => c.dataset.percent)).toEqual(['88', '75']);
    const empty = screen.getAllByTestId('statis-ring')[0]!;
    expect(empty.dataset.percent).toBe('0');
    expect(empty.querySelectorAll('circle')).toHaveLength(1);
    expect(screen.getAllByTestId('statis-ring')[1]!.querySelectorAll('circle')).toHaveLength(2);
  });

  it('a refusal (not in the class) shows the server\'s reason with a retry', async () => {
    state.routes['get /train/api/classes/classesAdminAuth'] = ok(MEMBER);
    state.routes['get /train/api/classes/statis'] = fail('你不是该培训班的学员或讲师。', 'NOT_MEMBER', 403);
    openStatis();
    expect(await screen.findByText('你不是该培训班的学员或讲师。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重 试' })).toBeInTheDocument();
  });
});

describe('my class statistics list', { timeout: 20_000 }, () => {
  const circle = (id: number, title: string, isTeacher: boolean): Circle => ({ id, title, cover: null, memberCount: 8, postCount: 1, lastPostTime: null, isTeacher });

  it('lists the classes I teach or study in, with each one\'s figures and a link to its statistics', async () => {
    state.routes['get /train/api/circle/myList'] = ok([circle(5, '安全管理专项培训班', false), circle(6, '班组长能力提升班', true)]);
    state.routes['get /train/api/classes/statis'] = (r) => ok({ ...STATIS, classesId: Number(r.params.id), averagePercentage: Number(r.params.id) * 10 });
    mount('/classes/statisList', <ClassStatisListPage />, '/classes/statisList');
    const rows = await screen.findAllByTestId('statis-list-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('学员');
    expect(rows[1]).toHaveTextContent('讲师');
    await waitFor(() => expect(within(rows[1]!).getByTestId('statis-list-figures')).toHaveTextContent('60%'));
    expect(within(rows[0]!).getByTestId('statis-list-figures')).toHaveTextContent('50%');
    expect(within(rows[1]!).getByRole('link', { name: '班组长能力提升班' })).toHaveAttribute('href', '/classes/statis?classesId=6');
  });

  it('says so when I am in no class', async () => {
    state.routes['get /train/api/circle/myList'] = ok([]);
    mount('/classes/statisList', <ClassStatisListPage />, '/classes/statisList');
    expect(await screen.findByText('还没有任教或参加的培训班')).toBeInTheDocument();
  });
});
