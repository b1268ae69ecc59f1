// Under a detail page: related items (searchRelate), cards with the lists' jump rules and nothing at
// all while there is nothing to show; and the attachments (attachment/search) for download.
import { cleanup, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentItem, CourseItem } from '../../src/api/catalogue';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import { AttachmentList, fileSize, fileType } from '../../src/features/learning/components/attachment-list';
import { RelatedItems } from '../../src/features/learning/components/related-items';
import { demoSetting } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';
import { card } from './widget-harness';

const course = (id: number): CourseItem => ({
  ...card(id, `课程${id}`), teacherName: '王老师', chapterCount: 2, lessonCount: 6, duration: 600, studyCount: 10, favourCount: 1, score: 4.5, labels: [],
});
const content = (id: number, purpose: number): ContentItem => ({
  ...card(id, `内容${id}`), purpose, kind: 'article', author: null, duration: 0, mediaUrl: null, partCount: 0, viewCount: 1, favourCount: 0, labels: [],
});

let answers: Record<string, unknown>;
let requests: { url: string; params: unknown }[];
const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  requests.push({ url: config.url ?? '', params: config.params });
  const data = answers[config.url ?? ''];
  const body = data === undefined ? { success: false, code: 500, flag: -1, message: 'boom', data: null } : { success: true, code: 200, flag: 0, message: 'ok', data };
  return { data: body, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

function mount(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: <div data-testid="page">{element}</div> }]);
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
}

beforeEach(() => {
  answers = {};
  requests = [];
  loadSettings(demoSetting());
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  resetApp();
});

describe('related items', { timeout: 20_000 }, () => {
  it('shows related courses as cards that open their detail, asking for six', async () => {
    answers['/cm/api/course/searchRelate'] = [course(2), course(3)];
    mount(<RelatedItems kind="course" id={1} />);
    const section = await screen.findByTestId('related-items');
    expect(within(section).getByRole('heading', { name: '相关课程' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /课程2/ })).toHaveAttribute('href', '/course/detail/2');
    expect(requests[0]).toMatchObject({ url: '/cm/api/course/searchRelate', params: { id: 1, pageSize: 6 } });
  });

  it('opens a related reading content in the reader', async () => {
    answers['/cm/api/content/searchRelate'] = [content(5, 5), content(6, 3)];
    mount(<RelatedItems kind="content" id={4} />);
    const section = await screen.findByTestId('related-items');
    expect(within(section).getByRole('link', { name: /内容5/ }).getAttribute('href')).toBe('/content/noval/5?purpose=5');
    expect(within(section).getByRole('link', { name: /内容6/ }).getAttribute('href')).toBe('/sub_cm/content/detail?id=6&purpose=3');
  });

  it('shows nothing when nothing is related or the call fails', async () => {
    answers['/cm/api/subject/searchRelate'] = [];
    mount(<><RelatedItems kind="subject" id={1} /><RelatedItems kind="course" id={1} /></>);
    await screen.findByTestId('page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.map((r) => r.url).sort()).toEqual(['/cm/api/course/searchRelate', '/cm/api/subject/searchRelate']);
    expect(screen.queryByTestId('related-items')).toBeNull();
  });
});

describe('attachments', { timeout: 20_000 }, () => {
  it('lists the files with their type and size, each a download under its name', async () => {
    answers['/cm/api/attachment/search'] = [
      { id: 1, name: '课程讲义.pdf', url: '/uploads/seed/docs/1001/k0-handout.pdf', size: 3_400, mime: 'application/pdf' },
      { id: 2, name: '数据集', url: 'https://cdn.example.com/data', size: null, mime: null },
    ];
    mount(<AttachmentList targetType="course" targetId={7} />);
    const rows = await screen.findAllByTestId('attachment');
    expect(rows[0]).toHaveTextContent('PDF课程讲义.pdf3 KB下载');
    const link = within(rows[0]!).getByRole('link', { name: '下载《课程讲义.pdf》' });
    expect(link).toHaveAttribute('href', '/uploads/seed/docs/1001/k0-handout.pdf');
    expect(link).toHaveAttribute('download', '课程讲义.pdf');
    expect(rows[1]).toHaveTextContent('FILE数据集下载');
    expect(requests[0]).toMatchObject({ url: '/cm/api/attachment/search', params: { targetType: 'course', targetId: 7 } });
  });

  it('shows nothing without files, and a retry when the list fails', async () => {
    answers['/cm/api/attachment/search'] = [];
    mount(<AttachmentList targetType="subject" targetId={1} />);
    await screen.findByTestId('page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('attachments')).toBeNull();
    cleanup();
    delete answers['/cm/api/attachment/search'];
    mount(<AttachmentList targetType="content" targetId={1} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('资料列表加载失败。');
  });

  it('writes sizes and types as people read them', () => {
    expect([null, 0, 1023, 1024, 1536, 1024 * 1024, 5 * 1024 * 1024 + 200_000].map(fileSize)).toEqual(['', '0 B', '1023 B', '1 KB', '2 KB', '1.0 MB', '5.2 MB']);
    expect(['a.pdf', 'b.Docx', 'noext', '.hidden', 'dot.'].map(fileType)).toEqual(['PDF', 'DOCX', '', '', '']);
  });
});
