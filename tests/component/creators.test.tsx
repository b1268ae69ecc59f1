// Issue 20 part V in the browser: the rich-text editor (labelled toolbar, paste keeps text and drops
// scripts), myWorks (states, the reviewer's reason, what each state allows), the create page (the
// pen name on a first work, creating the work with its first chapter) and the chapter editor's
// autosave (saved after the pause, a failure kept on screen with the text).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ChapterItem, MyWork, MyWorkItem } from '../../src/api/creators';
import { createQueryClient, Providers } from '../../src/app/providers';
import { linkAllowed, pastedHtml, RichTextEditor } from '../../src/components/rich-text-editor/rich-text-editor';
import MyWorksCreatePage from '../../src/features/center/routes/my-works-create-page';
import MyWorksPage from '../../src/features/center/routes/my-works-page';
import { AUTOSAVE_MS } from '../../src/features/center/components/works-chapter-editor';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const item = (id: number, state: MyWorkItem['state'], over: Partial<MyWorkItem> = {}): MyWorkItem => ({
  id, title: `作品${id}`, intro: '简介', cover: null, purpose: 7, categoryId: null, categoryName: null, state, published: state === 'published',
  unsubmittedChanges: false, auditReason: state === 'rejected' ? '篇幅太短' : null, auditedAt: null, submittedAt: '2026-11-20T01:00:00.000Z',
  serialState: 'serialising', wordCount: 1200, chapterCount: 3, editedAt: '2026-11-21T01:00:00.000Z', ...over,
});
const chapter = (id: number, n: number): ChapterItem => ({ id, contentId: 9, title: `第${n}章`, sort: n, wordCount: 4, shown: true, published: false, updatedAt: null });

let calls: FakeCall[] = [];
let works: MyWorkItem[] = [];
let penName: string | null = null;
let failSave = false;
const work: MyWork = { ...item(9, 'draft'), penName: '林间小鹿', authorId: 3, attachments: [] };

signedInDemoShell(() => {
  calls = [];
  failSave = false;
  return fakeAdapter((call) => {
    switch (call.url) {
      case '/cm/api/content/searchUpload': return ok({ list: works, total: works.length, pageNo: 1, pageSize: 10 });
      case '/cm/api/content/myAuthor': return ok({ authorId: penName ? 3 : null, penName });
      case '/cm/api/cmCategory/categoryList': return ok([]);
      case '/cm/api/content/saveContent': return ok({ ...work, id: 9, title: call.body.title });
      case '/cm/api/content/contentInfo': return ok(work);
      case '/cm/api/content/partListPage': return ok({ list: [chapter(21, 1), chapter(22, 2)], total: 2, pageNo: 1, pageSize: 50 });
      case '/cm/api/content/partInfo': return ok({ ...chapter(Number(call.params.id), 1), html: '<p>原文</p>' });
      case '/cm/api/content/savePart':
        if (failSave) return { success: false, code: 500, flag: -1, message: '网络不稳定', data: null };
        return ok({ ...chapter(Number(call.body.id ?? 23), 1), title: call.body.title, html: call.body.html });
      default: return noRoute(call.url);
    }
  }, calls);
});

function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/user/center/content/myWorks', element: <MyWorksPage /> },
    { path: '/user/center/content/myWorks/create', element: <MyWorksCreatePage /> },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

describe('the rich-text editor', () => {
  it('keeps pasted text and structure and drops scripts, handlers and styles', () => {
    const html = pastedHtml('<p style="color:red" class="x" onclick="alert(1)">你好<strong>世界</strong></p><script>alert(2)</script><img src=x onerror="alert(3)">', '');
    expect(html).toContain('你好<strong>世界</strong>');
    expect(html).not.toMatch(/script|onclick|onerror|style=|class=/i);
    expect(pastedHtml('', 'a < b\n\nsecond')).toBe('<p>a &lt; b</p><p>second</p>');
  });

  it('allows links to http(s) and site paths only', () => {
    expect(linkAllowed('https://example.com/a')).toBe(true);
    expect(linkAllowed('/content/noval/3')).toBe(true);
    expect(linkAllowed('javascript:alert(1)')).toBe(false);
    expect(linkAllowed('//evil.example')).toBe(false);
  });

  it('labels its toolbar and text, and reports a paste as a change', () => {
    const onChange = vi.fn();
    render(<Providers queryClient={createQueryClient()}><RichTextEditor initialHtml="<p>起点</p><script>x()</script>" onChange={onChange} label="正文" /></Providers>);
    const toolbar = screen.getByRole('toolbar', { name: '格式工具栏' });
    for (const name of ['加粗', '斜体', '小标题', '项目列表', '编号列表', '引用', '插入链接']) expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    const text = screen.getByRole('textbox', { name: '正文' });
    expect(text.innerHTML).toBe('<p>起点</p>');
    fireEvent.paste(text, { clipboardData: { getData: (kind: string) => (kind === 'text/html' ? '<b>粘贴</b><script>bad()</script>' : '') } });
    expect(text.innerHTML).toContain('<b>粘贴</b>');
    expect(text.innerHTML).not.toContain('script');
    expect(onChange).toHaveBeenCalled();
  });
});

describe('myWorks', () => {
  it('shows each state with what it allows: the reason of a rejection, no edit in review, read once published', async () => {
    works = [item(1, 'draft'), item(2, 'pending'), item(3, 'published', { unsubmittedChanges: true }), item(4, 'rejected')];
    mount('/user/center/content/myWorks');
    const rows = await screen.findAllByTestId('my-work-item');
    const row = (id: number) => rows.find((r) => r.dataset.id === String(id))!;
    expect(within(row(1)).getByTestId('my-work-remove')).toBeInTheDocument();
    expect(within(row(2)).queryByTestId('my-work-edit')).toBeNull();
    expect(within(row(2)).getByText('审核中，审核结束前不能修改')).toBeInTheDocument();
    expect(within(row(3)).getByTestId('my-work-read')).toHaveAttribute('href', '/content/noval/3?purpose=7');
    expect(within(row(3)).getByText('有未提交的修改')).toBeInTheDocument();
    expect(within(row(3)).queryByTestId('my-work-remove')).toBeNull();
    expect(within(row(4)).getByTestId('my-work-reason')).toHaveTextContent('篇幅太短');
    expect(within(row(4)).getByTestId('my-work-edit')).toHaveAttribute('href', '/user/center/content/myWorks/create?id=4');
  });

  it('shows the empty state with a way to start writing', async () => {
    works = [];
    mount('/user/center/content/myWorks');
    expect(await screen.findByTestId('my-works-list-empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '开始创作' })).toHaveAttribute('href', '/user/center/content/myWorks/create');
  });
});

describe('writing a work', () => {
  it('asks the pen name on a first work, then creates the work with its first chapter and opens it', async () => {
    penName = null;
    const router = mount('/user/center/content/myWorks/create');
    fireEvent.click(await screen.findByTestId('work-save-basics'));
    expect(await screen.findByRole('alert')).toHaveTextContent('请填写作品名称。');
    fireEvent.change(screen.getByTestId('work-title'), { target: { value: '山城夜雨' } });
    fireEvent.click(screen.getByTestId('work-save-basics'));
    expect(await screen.findByRole('alert')).toHaveTextContent('请填写笔名');
    fireEvent.change(screen.getByTestId('work-pen-name'), { target: { value: '林间小鹿' } });
    fireEvent.click(screen.getByTestId('work-save-basics'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=9&chapter=23'));
    const saved = calls.find((c) => c.url === '/cm/api/content/saveContent')!;
    expect(saved.body).toMatchObject({ title: '山城夜雨', penName: '林间小鹿', purpose: 7 });
    expect(calls.find((c) => c.url === '/cm/api/content/savePart')!.body).toMatchObject({ contentId: 9, title: '第1章', html: '' });
  });

  it('does not ask the pen name again', async () => {
    penName = '林间小鹿';
    mount('/user/center/content/myWorks/create');
    await screen.findByTestId('work-title');
    expect(screen.queryByTestId('work-pen-name')).toBeNull();
  });

  it('autosaves a chapter after the pause, and keeps a failed save\'s text with the reason', async () => {
    mount('/user/center/content/myWorks/create?id=9&chapter=21');
    const text = await screen.findByRole('textbox', { name: '正文' });
    await waitFor(() => expect(text.innerHTML).toBe('<p>原文</p>'));
    vi.useFakeTimers();
    try {
      text.innerHTML = '<p>新的一段话</p>';
      fireEvent.input(text);
      expect(screen.getByTestId('works-word-count')).toHaveTextContent('本章 5 字 · 全书 9 字');
      expect(calls.some((c) => c.url === '/cm/api/content/savePart')).toBe(false);
      await act(async () => { await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 10); });
      const save = calls.find((c) => c.url === '/cm/api/content/savePart')!;
      expect(save.body).toMatchObject({ contentId: 9, id: 21, html: '<p>新的一段话</p>' });
      failSave = true;
      text.innerHTML = '<p>新的一段话，又改了</p>';
      fireEvent.input(text);
      await act(async () => { await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 10); });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(screen.getByTestId('works-save-status')).toHaveTextContent('自动保存失败：网络不稳定'));
    expect(text.innerHTML).toBe('<p>新的一段话，又改了</p>');
  });
});
