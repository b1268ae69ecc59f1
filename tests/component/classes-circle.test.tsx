// /circle/detail/{id}, /user/center/study/myGroup and /activity: the circle's posts with replies;
// a member posts and replies (filtered) and deletes what the server lets them, after asking; an
// outsider gets the members-only page with the server's reason; my circles link to their circles;
// my activity lists events by kind, each linking to a portal route only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Activity, Circle, CircleDetail, CirclePost } from '../../schemas/api/train-circle';
import MyGroupPage from '../../src/features/center/routes/my-group-page';
import ActivityPage from '../../src/features/classes/routes/activity-page';
import CircleDetailPage from '../../src/features/classes/routes/circle-detail-page';
import { calls, fail, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const CIRCLE: CircleDetail = { id: 5, title: '安全管理专项培训班', cover: null, memberCount: 8, postCount: 1, lastPostTime: '2026-11-20T02:00:00.000Z', isTeacher: false, summary: null, canModerate: false };
const post = (id: number, over: Partial<CirclePost> = {}): CirclePost => ({
  id, userId: 100 + id, name: `学员${id}`, avatar: null, content: `帖子 ${id}`, createdAt: '2026-11-20T02:00:00.000Z', canDelete: false, replies: [], ...over,
});

const openCircle = () => mount('/circle/detail/:id', <CircleDetailPage />, '/circle/detail/5');

describe('class circle', { timeout: 20_000 }, () => {
  it('shows the circle with its posts and their replies', async () => {
    state.routes['get /train/api/circle/detail'] = ok(CIRCLE);
    state.routes['get /train/api/circle/posts'] = paged([post(1, { replies: [{ id: 9, userId: 7, name: '小李', avatar: null, content: '同意', createdAt: '2026-11-20T03:00:00.000Z', canDelete: true }] })]);
    openCircle();
    expect(await screen.findByRole('heading', { level: 1, name: /安全管理专项培训班/ })).toBeInTheDocument();
    expect(screen.getByTestId('circle-stats')).toHaveTextContent('8 位成员 · 1 条帖子');
    const p = await screen.findByTestId('circle-post');
    expect(p).toHaveTextContent('帖子 1');
    expect(within(p).getByTestId('circle-reply')).toHaveTextContent('同意');
    expect(calls('/train/api/circle/posts')[0]!.params).toMatchObject({ id: 5, pageNo: 1, pageSize: 10 });
    // The post is not mine: no delete; the reply is.
    expect(within(p).getAllByTestId('circle-delete')).toHaveLength(1);
  });

  it('a member posts and replies with filtered text, and the posts are read again', async () => {
    const posts = [post(1)];
    state.routes['get /train/api/circle/detail'] = ok(CIRCLE);
    state.routes['get /train/api/circle/posts'] = () => paged([...posts]);
    state.routes['post /train/api/circle/post'] = (r) => { const p = post(2, { content: String(r.body.content), canDelete: true }); posts.unshift(p); return ok(p); };
    state.routes['post /train/api/circle/reply'] = (r) => {
      const target = posts.find((p) => p.id === r.body.postId)!;
      target.replies = [...target.replies, { id: 50, userId: 7, name: '小李', avatar: null, content: String(r.body.content), createdAt: '2026-11-21T00:00:00.000Z', canDelete: true }];
      return ok(target);
    };
    openCircle();
    await screen.findByTestId('circle-post');
    fireEvent.change(screen.getByTestId('circle-post-form-input'), { target: { value: '第二阶段<作业>怎么交？' } });
    fireEvent.click(screen.getByTestId('circle-post-form-submit'));
    await waitFor(() => expect(screen.getAllByTestId('circle-post')).toHaveLength(2));
    expect(calls('/train/api/circle/post')[0]!.body).toEqual({ id: 5, content: '第二阶段作业怎么交？', tenantId: 1001 });
    const first = screen.getAllByTestId('circle-post')[1]!;
    fireEvent.click(within(first).getByTestId('circle-reply-toggle'));
    fireEvent.change(within(first).getByTestId('circle-reply-form-input'), { target: { value: '在学习页提交' } });
    fireEvent.click(within(first).getByTestId('circle-reply-form-submit'));
    await waitFor(() => expect(calls('/train/api/circle/reply')).toHaveLength(1));
    expect(calls('/train/api/circle/reply')[0]!.body).toEqual({ postId: 1, content: '在学习页提交', tenantId: 1001 });
    await waitFor(() => expect(within(screen.getAllByTestId('circle-post')[1]!).getByTestId('circle-reply')).toHaveTextContent('在学习页提交'));
  });

  it('deletes my post after asking', async () => {
    const posts = [post(1, { canDelete: true })];
    state.routes['get /train/api/circle/detail'] = ok(CIRCLE);
    state.routes['get /train/api/circle/posts'] = () => paged([...posts]);
    state.routes['post /train/api/circle/delete'] = () => { posts.pop(); return ok({ id: 1, deleted: true }); };
    openCircle();
    fireEvent.click(within(await screen.findByTestId('circle-post')).getByTestId('circle-delete'));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('还没有帖子，来发第一帖吧')).toBeInTheDocument();
    expect(calls('/train/api/circle/delete')[0]!.body).toEqual({ id: 1, tenantId: 1001 });
  });

  it('someone outside the class gets the members-only page with the server\'s reason', async () => {
    state.routes['get /train/api/circle/detail'] = fail('讨论圈只对本班学员和讲师开放。', 'NOT_MEMBER', 403);
    openCircle();
    expect(await screen.findByText('讨论圈仅对本班成员开放')).toBeInTheDocument();
    expect(screen.getByText('讨论圈只对本班学员和讲师开放。')).toBeInTheDocument();
    expect(calls('/train/api/circle/posts')).toHaveLength(0);
  });
});

describe('my circles', { timeout: 20_000 }, () => {
  it('lists my circles, each opening its circle', async () => {
    const circles: Circle[] = [
      { id: 5, title: '安全管理专项培训班', cover: null, memberCount: 8, postCount: 3, lastPostTime: '2026-11-20T02:00:00.000Z', isTeacher: false },
      { id: 6, title: '班组长能力提升班', cover: null, memberCount: 12, postCount: 0, lastPostTime: null, isTeacher: true },
    ];
    state.routes['get /train/api/circle/myList'] = ok(circles);
    mount('/user/center/study/myGroup', <MyGroupPage />, '/user/center/study/myGroup');
    const rows = await screen.findAllByTestId('my-group-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('8 位成员 · 3 条帖子');
    expect(rows[1]).toHaveTextContent('讲师');
    expect(within(rows[1]!).getByRole('link', { name: '班组长能力提升班' })).toHaveAttribute('href', '/circle/detail/6');
    // The center's menu reaches my circles, my class statistics and my activity.
    expect(screen.getByRole('link', { name: '我的圈子' })).toHaveAttribute('href', '/user/center/study/myGroup');
    expect(screen.getByRole('link', { name: '班级统计' })).toHaveAttribute('href', '/classes/statisList');
    expect(screen.getByRole('link', { name: '我的动态' })).toHaveAttribute('href', '/activity');
  });
});

describe('my activity', { timeout: 20_000 }, () => {
  const events: Activity[] = [
    { type: 'signIn', at: '2026-11-21T01:00:00.000Z', targetId: 5, targetTitle: '安全管理专项培训班', detail: '第3次课', link: '/attendance/detail?classesId=5' },
    { type: 'enrol', at: '2026-11-20T01:00:00.000Z', targetId: 5, targetTitle: '安全管理专项培训班', detail: null, link: '/classes/detail/5' },
    { type: 'liveJoin', at: '2026-11-19T01:00:00.000Z', targetId: 3, targetTitle: '安全公开课', detail: null, link: 'https://evil.example/x' },
  ];

  it('lists my events newest first with links, and filters by kind', async () => {
    state.routes['get /um/api/activity/search'] = (r) => {
      const list = r.params.type ? events.filter((e) => e.type === r.params.type) : events;
      return paged(list);
    };
    mount('/activity', <ActivityPage />, '/activity');
    const items = await screen.findAllByTestId('activity-item');
    expect(items.map((i) => i.dataset.type)).toEqual(['signIn', 'enrol', 'liveJoin']);
    expect(items[0]).toHaveTextContent('签到 安全管理专项培训班');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/attendance/detail?classesId=5');
    // A link that is not a portal route is shown as text, never followed.
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '报名培训班' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-item')).toHaveLength(1));
    expect(calls('/um/api/activity/search').at(-1)!.params).toMatchObject({ type: 'enrol', pageNo: 1 });
  });

  it('says so when there is nothing yet', async () => {
    state.routes['get /um/api/activity/search'] = paged([]);
    mount('/activity', <ActivityPage />, '/activity');
    expect(await screen.findByText('还没有动态')).toBeInTheDocument();
  });
});
