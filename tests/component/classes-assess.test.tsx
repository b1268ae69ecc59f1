// Member assessment on /classes/memberList?id= (classesMember queryMemberAssess, saveMemberAssess),
// the class tools on class detail (links and the favourite heart, classesFavorite/save) and the
// favourite classes tab of 我的收藏 (classes/searchFavor): the teacher assesses a member in a dialog
// and the table is read again; a member reads their own; an outsider sees no assessment; the heart
// follows the server; the circle link shows for members only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClassDetail } from '../../schemas/api/train';
import type { FavoriteClass, MemberAssess } from '../../schemas/api/train-classes-more';
import MyFavoritesPage from '../../src/features/center/routes/my-favorites-page';
import ClassDetailPage from '../../src/features/classes/routes/class-detail-page';
import ClassMemberListPage from '../../src/features/classes/routes/class-member-list-page';
import { calls, MEMBER, mount, ok, OUTSIDER, paged, state, TEACHER, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const row = (userId: number, over: Partial<MemberAssess> = {}): MemberAssess => ({
  userId, name: `学员${userId}`, score: null, passed: null, comment: null, assessorName: null, assessedAt: null, percentage: 40, attendanceCount: 2, ...over,
});

function serveMembers(auth: typeof MEMBER, assess: () => MemberAssess[]) {
  state.routes['get /train/api/classes/classesAdminAuth'] = () => ok(auth);
  state.routes['get /train/api/classesMember/query'] = paged([{ name: '小*', enrolledAt: '2026-11-01T00:00:00.000Z', isMe: auth.isMember }], 1, 1, 20);
  state.routes['get /train/api/classesMember/queryMemberAssess'] = () => paged(assess());
}
const openMembers = () => mount('/classes/memberList', <ClassMemberListPage />, '/classes/memberList?id=5');

describe('member assessment', { timeout: 20_000 }, () => {
  it('the teacher assesses a member from the member list, and the table is read again', async () => {
    const rows = [row(101), row(102, { score: 90, passed: true, assessedAt: '2026-11-20T00:00:00.000Z', comment: '认真' })];
    serveMembers(TEACHER, () => rows);
    state.routes['post /train/api/classesMember/saveMemberAssess'] = (r) => {
      rows[0] = { ...rows[0]!, score: Number(r.body.score), passed: Boolean(r.body.passed), comment: String(r.body.comment ?? ''), assessedAt: '2026-11-21T00:00:00.000Z' };
      return ok(rows[0]);
    };
    openMembers();
    const table = await screen.findByTestId('assess-table');
    expect(screen.getByText('成员考核')).toBeInTheDocument();
    const buttons = await within(table).findAllByTestId('assess-open');
    expect(buttons.map((b) => b.textContent)).toEqual(['考 核', '修改考核']);
    fireEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('考核 学员101');
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '85' } });
    fireEvent.change(within(dialog).getByTestId('assess-comment'), { target: { value: '按时完成（全部）' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(calls('/train/api/classesMember/saveMemberAssess')).toHaveLength(1));
    expect(calls('/train/api/classesMember/saveMemberAssess')[0]!.body).toEqual({ classesId: 5, userId: 101, score: 85, passed: true, comment: '按时完成全部', tenantId: 1001 });
    await waitFor(() => expect(within(screen.getByTestId('assess-table')).getAllByTestId('assess-open')[0]).toHaveTextContent('修改考核'));
    expect(screen.getByTestId('assess-table')).toHaveTextContent('85');
  });

  it('the teacher cannot save without a score', async () => {
    serveMembers(TEACHER, () => [row(101)]);
    openMembers();
    fireEvent.click((await screen.findAllByTestId('assess-open'))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(await within(dialog).findByText('请填写 0–100 的分数')).toBeInTheDocument();
    expect(calls('/train/api/classesMember/saveMemberAssess')).toHaveLength(0);
  });

  it('a member whose assessment is not made yet is told so', async () => {
    const mine = row(7, { name: '小李' });
    serveMembers(MEMBER, () => [mine]);
    openMembers();
    expect(await screen.findByTestId('assess-mine-none')).toHaveTextContent('讲师尚未考核');
    expect(screen.queryByTestId('assess-table')).toBeNull();
  });

  it('a member sees the score, result, comment and assessor', async () => {
    serveMembers(MEMBER, () => [row(7, { score: 92, passed: true, comment: '学习认真', assessorName: '王老师', assessedAt: '2026-11-21T00:00:00.000Z' })]);
    openMembers();
    const mine = await screen.findByTestId('assess-mine');
    expect(mine).toHaveTextContent('92');
    expect(mine).toHaveTextContent('合格');
    expect(mine).toHaveTextContent('学习认真');
    expect(mine).toHaveTextContent('王老师');
  });

  it('someone outside the class sees no assessment and asks for none', async () => {
    serveMembers(OUTSIDER, () => []);
    openMembers();
    await screen.findAllByTestId('class-member');
    await waitFor(() => expect(calls('/train/api/classes/classesAdminAuth')).toHaveLength(1));
    expect(screen.queryByTestId('member-assessment')).toBeNull();
    expect(calls('/train/api/classesMember/queryMemberAssess')).toHaveLength(0);
  });
});

const DETAIL: ClassDetail = {
  id: 5, title: '安全管理专项培训班', cover: null, summary: null, categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z',
  teacher: null, startTime: '2026-11-01T01:00:00.000Z', endTime: '2026-12-20T10:00:00.000Z', enrolLimit: null, enrolCount: 7, seatsLeft: null, state: 2,
  isPublic: true, member: { state: 1, enrolledAt: '2026-11-01T00:00:00.000Z', leftAt: null }, canEnroll: false, canCancel: false, canQuit: true, enrolBlocked: null, phases: [],
};

describe('class tools on class detail', { timeout: 20_000 }, () => {
  it('links every tool of the class and toggles the favourite heart', async () => {
    let favorite = false;
    state.routes['get /train/api/classes/detail'] = ok(DETAIL);
    state.routes['get /train/api/classesMember/query'] = paged([], 0, 1, 20);
    state.routes['get /train/api/classes/classesAdminAuth'] = () => ok({ ...MEMBER, favorite });
    state.routes['post /train/api/classesFavorite/save'] = (r) => { favorite = Boolean(r.body.favorite); return ok({ classesId: 5, favorite }); };
    mount('/classes/detail/:id', <ClassDetailPage />, '/classes/detail/5');
    const tools = await screen.findByTestId('class-tools');
    await waitFor(() => expect(within(tools).getByTestId('class-tool-circle')).toBeInTheDocument());
    expect(within(tools).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/classes/userList?classesId=5', '/attendance/detail?classesId=5', '/classes/statis?classesId=5', '/circle/detail/5', '/classes/memberList?id=5',
    ]);
    const heart = within(tools).getByTestId('class-favorite');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    await waitFor(() => expect(within(tools).getByTestId('class-favorite')).toHaveAttribute('aria-pressed', 'true'));
    expect(calls('/train/api/classesFavorite/save')[0]!.body).toEqual({ classesId: 5, favorite: true, tenantId: 1001 });
    expect(within(tools).getByTestId('class-favorite')).toHaveTextContent('已收藏');
  });

  it('after enrolling, the tools know I am a member (they kept the rights read before: no circle, sign-in disabled)', async () => {
    let member = false;
    state.routes['get /train/api/classes/detail'] = () => ok(member ? DETAIL : { ...DETAIL, state: 1, member: null, canQuit: false, canEnroll: true });
    state.routes['get /train/api/classesMember/query'] = paged([], 0, 1, 20);
    state.routes['get /train/api/classes/classesAdminAuth'] = () => ok(member ? MEMBER : OUTSIDER);
    state.routes['post /train/api/classes/enroll'] = () => { member = true; return ok({ member: DETAIL.member, enrolCount: 8, seatsLeft: null }); };
    mount('/classes/detail/:id', <ClassDetailPage />, '/classes/detail/5');
    const tools = await screen.findByTestId('class-tools');
    await waitFor(() => expect(within(tools).getByTestId('class-favorite')).toBeEnabled());
    expect(within(tools).queryByTestId('class-tool-circle')).toBeNull();
    fireEvent.click(screen.getByTestId('class-enrol'));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(within(screen.getByTestId('class-tools')).getByTestId('class-tool-circle')).toBeInTheDocument());
  });

  it('offers no circle link to someone outside the class', async () => {
    state.routes['get /train/api/classes/detail'] = ok({ ...DETAIL, member: null, canQuit: false });
    state.routes['get /train/api/classesMember/query'] = paged([], 0, 1, 20);
    state.routes['get /train/api/classes/classesAdminAuth'] = ok(OUTSIDER);
    mount('/classes/detail/:id', <ClassDetailPage />, '/classes/detail/5');
    const tools = await screen.findByTestId('class-tools');
    await waitFor(() => expect(within(tools).getByTestId('class-favorite')).toBeEnabled());
    expect(within(tools).queryByTestId('class-tool-circle')).toBeNull();
  });
});

describe('favourite classes in 我的收藏', { timeout: 20_000 }, () => {
  it('lists my favourite classes in their own tab and removes one', async () => {
    const favs: FavoriteClass[] = [{
      id: 5, title: '安全管理专项培训班', cover: null, summary: '集中学习', categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z',
      teacherName: null, startTime: '2026-11-01T01:00:00.000Z', endTime: '2026-12-20T10:00:00.000Z', enrolLimit: null, enrolCount: 7, state: 2,
      favoredAt: '2026-11-22T00:00:00.000Z', enrolled: true,
    }];
    state.routes['get /cm/api/favorite/get'] = paged([]);
    state.routes['get /train/api/classes/searchFavor'] = () => paged([...favs]);
    state.routes['post /train/api/classesFavorite/save'] = () => { favs.pop(); return ok({ classesId: 5, favorite: false }); };
    mount('/user/center/study/myFavorites', <MyFavoritesPage />, '/user/center/study/myFavorites');
    fireEvent.click(await screen.findByRole('tab', { name: '培训班' }));
    const item = await screen.findByTestId('my-favorite-item');
    expect(within(item).getByRole('link', { name: '安全管理专项培训班' })).toHaveAttribute('href', '/classes/detail/5');
    fireEvent.click(within(item).getByTestId('my-favorite-cancel'));
    expect(await screen.findByText('还没有收藏培训班')).toBeInTheDocument();
    expect(calls('/train/api/classesFavorite/save')[0]!.body).toEqual({ classesId: 5, favorite: false, tenantId: 1001 });
  });
});
