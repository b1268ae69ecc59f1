// Teachers' pages and the requirements hall (issue 19 part G): the list's search and states, a
// teacher's page (rating form: stars required, the new average shown; a guest's sign-in link; no
// rating oneself), a requirement's responses as the server lets the reader see them, accepting and
// responding, the publish form's bounds, and the uploader's file input having a name (axe's label rule).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequirementDetail, RequirementResponse, TeacherCard, TeacherDetail } from '../../schemas/api/teachers';
import TeacherListPage from '../../src/features/teachers/routes/teacher-list-page';
import TeacherDetailPage from '../../src/features/teachers/routes/teacher-detail-page';
import RequireDetailPage from '../../src/features/teachers/routes/require-detail-page';
import RequireSavePage from '../../src/features/teachers/routes/require-save-page';
import { FileAttachments } from '../../src/components/file-attachments';
import { useUserStore } from '../../src/stores/user-store';
import { calls, fail, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const card = (over: Partial<TeacherCard> = {}): TeacherCard => ({
  id: 3, name: '王晓明', title: '高级讲师', avatar: null, intro: '十年企业培训经验。', score: 88, courseCount: 2, classCount: 1, ratingAvg: 4.5, ratingCount: 2, ...over,
});

const teacher = (over: Partial<TeacherDetail> = {}): TeacherDetail => ({
  ...card(), courses: [{ id: 11, title: 'Excel 数据分析', cover: null, studyCount: 30, publishTime: '2026-10-01T00:00:00.000Z' }],
  classes: [], distribution: [0, 0, 0, 1, 1], myRating: null, canRate: true, ...over,
});

const response = (over: Partial<RequirementResponse> = {}): RequirementResponse => ({
  id: 71, userId: 8, userName: '王晓明', avatar: null, hidden: false, content: '可以安排两次课程', quote: 2800, attachments: [], accepted: false, mine: false,
  createdAt: '2026-11-20T02:00:00.000Z', updatedAt: '2026-11-20T02:00:00.000Z', ...over,
});

const requirement = (over: Partial<RequirementDetail> = {}): RequirementDetail => ({
  id: 5, title: '寻找 Excel 讲师', summary: '', category: 'lecture', budget: 3000, deadline: '2026-12-30T10:00:00.000Z', state: 'open', status: 'open',
  responseCount: 1, ownerName: '小李', createdAt: '2026-11-20T00:00:00.000Z', description: '<p>部门需要学习 Excel。</p>', attachments: [], ownerId: 7,
  ownerAvatar: null, updatedAt: '2026-11-20T00:00:00.000Z', now: new Date().toISOString(), isOwner: false, canEdit: false, canRespond: true,
  responses: [response()], myResponse: null, ...over,
});

describe('the teacher list', { timeout: 20_000 }, () => {
  it('shows the cards with rating and counts, and searches by name through the address', async () => {
    state.routes['get /um/api/teacher/search'] = (r) => (r.params.searchValue === '无此人' ? paged([]) : paged([card(), card({ id: 4, name: '李娜', ratingAvg: null, ratingCount: 0 })]));
    mount('/teacherList', <TeacherListPage />, '/teacherList');
    const cards = await screen.findAllByTestId('teacher-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('4.5 分（2 人评价）');
    expect(cards[0]).toHaveTextContent('2 门课程 · 1 个班级');
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/teacherList/teacherDetail?id=3');
    expect(cards[1]).toHaveTextContent('暂无评分');
    fireEvent.change(screen.getByLabelText('搜索讲师姓名'), { target: { value: '无此人' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText(/没有找到讲师/)).toBeInTheDocument();
    expect(calls('/um/api/teacher/search').at(-1)!.params).toMatchObject({ searchValue: '无此人', sort: 'score' });
  });

  it('shows the error with a retry', async () => {
    state.routes['get /um/api/teacher/search'] = fail('服务暂时不可用', 'DB_UNAVAILABLE', 503);
    mount('/teacherList', <TeacherListPage />, '/teacherList');
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument();
    state.routes['get /um/api/teacher/search'] = paged([card()]);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('teacher-card')).toBeInTheDocument();
  });
});

describe('a teacher\'s page', { timeout: 20_000 }, () => {
  const open = () => mount('/teacherList/teacherDetail', <TeacherDetailPage />, '/teacherList/teacherDetail?id=3');

  it('asks for the stars first, then rates and shows the new average and count', async () => {
    state.routes['get /um/api/teacher/detail'] = ok(teacher());
    state.routes['get /um/api/teacher/ratings'] = paged([]);
    state.routes['post /um/api/teacher/rate'] = (r) => ok({
      ratingAvg: 4, ratingCount: 3, distribution: [0, 0, 1, 1, 1], myRating: { score: r.body.score, comment: r.body.comment, updatedAt: '2026-11-27T00:00:00.000Z' },
    });
    open();
    expect(await screen.findByTestId('rating-average')).toHaveTextContent('4.5');
    fireEvent.click(screen.getByTestId('rate-submit'));
    await screen.findByText('请先选择星级。');
    expect(calls('/um/api/teacher/rate')).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: '3 星 一般' }));
    fireEvent.change(screen.getByLabelText('评价（选填）'), { target: { value: '  节奏快  ' } });
    fireEvent.click(screen.getByTestId('rate-submit'));
    await waitFor(() => expect(screen.getByTestId('rating-average')).toHaveTextContent('4.0'));
    expect(calls('/um/api/teacher/rate')[0]!.body).toEqual({ tenantId: 1001, teacherId: 3, score: 3, comment: '节奏快' });
    expect(screen.getByTestId('rating-count')).toHaveTextContent('3 人评价');
    expect(screen.getByTestId('rate-submit')).toHaveTextContent('修改评分');
  });

  it('offers a guest the sign-in link and tells the teacher they cannot rate themselves', async () => {
    state.routes['get /um/api/teacher/ratings'] = paged([]);
    state.routes['get /um/api/teacher/detail'] = ok(teacher({ canRate: false }));
    const first = open();
    expect(await screen.findByText('这是你自己的讲师主页，不能给自己评分。')).toBeInTheDocument();
    expect(screen.queryByTestId('rate-form')).toBeNull();
    first.dispose();
    useUserStore.getState().signOut(false);
    open();
    expect(await screen.findByRole('link', { name: '去登录' })).toHaveAttribute('href', expect.stringContaining('/login?returnUrl='));
  });

  it('says a link without an id is not valid', async () => {
    mount('/teacherList/teacherDetail', <TeacherDetailPage />, '/teacherList/teacherDetail?id=x');
    expect(await screen.findByText('链接无效')).toBeInTheDocument();
    expect(calls('/um/api/teacher/detail')).toHaveLength(0);
  });
});

describe('a requirement', { timeout: 20_000 }, () => {
  const open = () => mount('/pages/require/detail', <RequireDetailPage />, '/pages/require/detail?id=5');

  it('shows a withheld response as who and when only, and sends my response with 面议 as a null quote', async () => {
    let current = requirement({ responses: [response({ hidden: true, content: '', quote: null })] });
    state.routes['get /cm/api/requirement/detail'] = () => ok(current);
    state.routes['post /cm/api/requirement/respond'] = (r) => {
      const mine = response({ id: 72, userId: 9, userName: '小李', mine: true, content: String(r.body.content), quote: null });
      current = requirement({ responses: [...current.responses, mine], myResponse: mine });
      return ok(current);
    };
    open();
    const withheld = await screen.findByTestId('requirement-response');
    expect(withheld).toHaveTextContent('响应内容仅需求发布者可见。');
    fireEvent.change(screen.getByLabelText('响应内容'), { target: { value: '我可以做' } });
    fireEvent.click(screen.getByLabelText('面议'));
    fireEvent.click(screen.getByTestId('response-submit'));
    await waitFor(() => expect(calls('/cm/api/requirement/respond')).toHaveLength(1));
    expect(calls('/cm/api/requirement/respond')[0]!.body).toEqual({ tenantId: 1001, requirementId: 5, content: '我可以做', quote: null, attachments: [] });
    expect(await screen.findByText('修改我的响应')).toBeInTheDocument();
  });

  it('lets the owner accept a response after confirming, then reads 已对接', async () => {
    let current = requirement({ isOwner: true, canEdit: true, canRespond: false });
    state.routes['get /cm/api/requirement/detail'] = () => ok(current);
    state.routes['post /cm/api/requirement/accept'] = () => {
      current = requirement({ isOwner: true, state: 'matched', status: 'matched', canRespond: false, responses: [response({ accepted: true })] });
      return ok(current);
    };
    open();
    fireEvent.click(await screen.findByTestId('response-accept'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^采\s*纳$/ })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: /^采\s*纳$/ })[1]!);
    await waitFor(() => expect(calls('/cm/api/requirement/accept')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('requirement-status')).toHaveTextContent('已对接'));
    expect(calls('/cm/api/requirement/accept')[0]!.body).toEqual({ tenantId: 1001, responseId: 71 });
    expect(screen.getByTestId('response-accepted')).toBeInTheDocument();
    expect(screen.queryByTestId('response-accept')).toBeNull();
  });
});

describe('publishing a requirement', { timeout: 20_000 }, () => {
  it('refuses a one-character title and a short description before calling the server', async () => {
    mount('/pages/require/save', <RequireSavePage />, '/pages/require/save');
    fireEvent.change(await screen.findByLabelText('需求标题'), { target: { value: '需' } });
    fireEvent.change(screen.getByLabelText('需求描述'), { target: { value: '太短' } });
    fireEvent.click(screen.getByTestId('requirement-submit'));
    expect(await screen.findByText('需求标题需要 2–60 个字')).toBeInTheDocument();
    expect(await screen.findByText('需求描述需要 10–5000 个字')).toBeInTheDocument();
    expect(calls('/cm/api/requirement/save')).toHaveLength(0);
  });
});

describe('the uploader', () => {
  it('names its hidden file input (axe\'s label rule flagged it on /pages/require/save)', () => {
    render(<FileAttachments value={[]} onChange={() => undefined} max={9} testId="files" />);
    expect(screen.getByTestId('files-input')).toHaveAttribute('aria-label', '上传文件');
  });
});
