// Related items under a detail page (searchRelate): cards with the lists' jump rules, and nothing at
// all while there is nothing to show (none, or the call failed).
import { cleanup, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentItem, CourseItem } from '../../src/api/catalogue';
import { apiClient } from '../../src/api/client';
import { createQueryClient, Providers } from '../../src/app/providers';
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
