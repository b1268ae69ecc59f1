// /classes/userList?classesId= (classesComment search, save, delComment): the class's comments
// paged; a member writes one (filtered, with an optional rating) and the list is read again; only
// a comment the server says I may delete has 删除, which asks first; an outsider reads but is told
// that writing is for members; a refusal shows the server's reason in the catalogue's alert.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_TEXT_MAX as SCHEMA_MAX, type ClassComment } from '../../schemas/api/train-classes-more';
import { USER_TEXT_MAX } from '../../src/features/classes/api/use-class-tools';
import ClassCommentsPage from '../../src/features/classes/routes/class-comments-page';
import { calls, fail, MEMBER, mount, ok, OUTSIDER, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const comment = (id: number, over: Partial<ClassComment> = {}): ClassComment => ({
  id, classesId: 5, classesTitle: '安全管理专项培训班', userId: 100 + id, name: `学员${id}`, avatar: null, content: `第 ${id} 条评论`,
  score: null, createdAt: '2026-11-20T02:00:00.000Z', mine: false, canDelete: false, ...over,
});

function serve(list: ClassComment[], auth = MEMBER) {
  state.routes['get /train/api/classes/classesAdminAuth'] = ok(auth);
  state.routes['get /train/api/classes/detail'] = fail('no detail in this test', 'X', 404);
  state.routes['get /train/api/classesComment/search'] = (r) => {
    const pageNo = Number(r.params.pageNo);
    return paged(list.slice((pageNo - 1) * 10, pageNo * 10), list.length, pageNo);
  };
}

const open = () => mount('/classes/userList', <ClassCommentsPage />, '/classes/userList?classesId=5');

describe('class comments page', { timeout: 20_000 }, () => {
  it('the client keeps the schema\'s comment limit', () => {
    expect(USER_TEXT_MAX).toBe(SCHEMA_MAX);
  });

  it('lists the comments of the class named in classesId, ten a page', async () => {
    serve(Array.from({ length: 12 }, (_, i) => comment(12 - i)));
    open();
    expect(await screen.findAllByTestId('class-comment')).toHaveLength(10);
    expect(calls('/train/api/classesComment/search')[0]!.params).toMatchObject({ classesId: 5, pageNo: 1, pageSize: 10, tenantId: 1001 });
    expect(screen.getByTestId('class-comment-count')).toHaveTextContent('共 12 条评论');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getAllByTestId('class-comment')).toHaveLength(2));
    expect(calls('/train/api/classesComment/search').at(-1)!.params).toMatchObject({ pageNo: 2 });
  });

  it('a member writes a comment with a rating; symbols are filtered out and the list is read again', async () => {
    const list = [comment(1)];
    serve(list);
    state.routes['post /train/api/classesComment/save'] = (r) => {
      const saved = comment(2, { content: String(r.body.content), score: Number(r.body.score), mine: true, canDelete: true });
      list.unshift(saved);
      return ok(saved);
    };
    open();
    await screen.findAllByTestId('class-comment');
    fireEvent.change(screen.getByTestId('class-comment-input'), { target: { value: '讲得很好【赞】😀' } });
    fireEvent.click(screen.getAllByRole('radio')[3]!);
    fireEvent.click(screen.getByTestId('class-comment-submit'));
    await waitFor(() => expect(calls('/train/api/classesComment/save')).toHaveLength(1));
    expect(calls('/train/api/classesComment/save')[0]!.body).toEqual({ classesId: 5, content: '讲得很好赞', score: 4, tenantId: 1001 });
    await waitFor(() => expect(screen.getAllByTestId('class-comment')).toHaveLength(2));
    expect(screen.getAllByTestId('class-comment')[0]).toHaveTextContent('讲得很好赞');
    expect(screen.getByTestId('class-comment-input')).toHaveValue('');
  });

  it('only a comment I may delete has 删除, and it asks before deleting', async () => {
    const list = [comment(2, { mine: true, canDelete: true }), comment(1)];
    serve(list);
    state.routes['post /train/api/classesComment/delComment'] = (r) => {
      list.splice(list.findIndex((c) => c.id === r.body.id), 1);
      return ok({ id: r.body.id, deleted: true });
    };
    open();
    const rows = await screen.findAllByTestId('class-comment');
    expect(within(rows[1]!).queryByTestId('class-comment-delete')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('class-comment-delete'));
    expect(calls('/train/api/classesComment/delComment')).toHaveLength(0);
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.getAllByTestId('class-comment')).toHaveLength(1));
    expect(calls('/train/api/classesComment/delComment')[0]!.body).toEqual({ id: 2, tenantId: 1001 });
  });

  it('an outsider reads the comments but is told that writing is for members', async () => {
    serve([comment(1)], OUTSIDER);
    open();
    expect(await screen.findByTestId('class-comment-members-only')).toHaveTextContent('报名本培训班后才能发表评论');
    expect(screen.queryByTestId('class-comment-form')).toBeNull();
  });

  it('a refused comment shows the server\'s reason and keeps the text', async () => {
    serve([]);
    state.routes['post /train/api/classesComment/save'] = fail('只有本班学员可以评论。', 'NOT_MEMBER', 403);
    open();
    expect(await screen.findByText('还没有评论，来写第一条吧')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('class-comment-input'), { target: { value: '你好' } });
    fireEvent.click(screen.getByTestId('class-comment-submit'));
    await waitFor(() => expect(state.alerts).toHaveLength(1));
    expect(state.alerts[0]!.message).toContain('只有本班学员可以评论');
    expect(screen.getByTestId('class-comment-input')).toHaveValue('你好');
  });

  it('without a classesId the page says so and calls nothing', async () => {
    mount('/classes/userList', <ClassCommentsPage />, '/classes/userList');
    expect(await screen.findByText('没有指定培训班')).toBeInTheDocument();
    expect(calls('/train/api/classesComment/search')).toHaveLength(0);
  });
});
