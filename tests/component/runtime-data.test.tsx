import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Type } from 'typebox';
import { createRegistry } from '../../src/runtime/registry';
import { normalisePage } from '../../src/runtime/normalise';
import { PageRenderer } from '../../src/runtime/renderer';
import { collectDeclarations, prefetchPageData, tenantQueryKey } from '../../src/runtime/data';
import { defineWidget, type RuntimeContext, type WidgetProps } from '../../src/runtime/widget-definition';

type Course = { id: number; title: string };
type ListProps = { category: string; heading: string };

function CourseListWidget({ props, data }: WidgetProps<ListProps, Course[]>) {
  if (data.status === 'pending') return <p>{props.heading}: loading</p>;
  if (data.status === 'error') return <p role="alert">{props.heading}: {data.error?.message}</p>;
  return <ul aria-label={props.heading}>{(data.data ?? []).map((c) => <li key={c.id}>{c.title}</li>)}</ul>;
}

function courseListWidget(fetchCourses: (category: string, signal: AbortSignal) => Promise<Course[]>) {
  return defineWidget<ListProps, Course[]>({
    type: 'course-list', version: 1,
    propsSchema: Type.Object({ category: Type.String(), heading: Type.String() }),
    defaultProps: { category: 'all', heading: 'Courses' },
    migrations: [],
    load: async () => ({ default: CourseListWidget }),
    // The heading is presentation only: it is not part of the key, so two lists of one category share a request.
    data: (props) => ({ key: ['cm', 'course/search', { category: props.category }], fetch: (signal) => fetchCourses(props.category, signal) }),
  });
}

const page = (blocks: unknown[]) => ({ schemaVersion: 2, pageId: 1, pageCode: 'p', title: 'P', root: { props: {} }, blocks });
const twoLists = page([
  { id: 'a', type: 'course-list', version: 1, props: { category: 'java', heading: 'Java' } },
  { id: 'b', type: 'course-list', version: 1, props: { category: 'java', heading: 'Java again' } },
]);
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const ctx: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' } };

describe('widget data', () => {
  it('makes one request for two blocks with the same declaration', async () => {
    const fetchCourses = vi.fn(async () => [{ id: 1, title: 'Java basics' }]);
    const registry = createRegistry().register(courseListWidget(fetchCourses));
    render(
      <QueryClientProvider client={client()}>
        <PageRenderer page={twoLists} registry={registry} ctx={ctx} />
      </QueryClientProvider>,
    );
    expect(await screen.findAllByText('Java basics')).toHaveLength(2);
    expect(fetchCourses).toHaveBeenCalledTimes(1);
  });

  it('caches under a tenant-scoped key, so tenants never share results', async () => {
    const fetchCourses = vi.fn(async (category: string) => [{ id: 1, title: `${category} course` }]);
    const registry = createRegistry().register(courseListWidget(fetchCourses));
    const queryClient = client();
    await prefetchPageData(queryClient, normalisePage(twoLists, registry), registry, ctx);
    expect(queryClient.getQueryData(['tenant', 1001, 'cm', 'course/search', { category: 'java' }])).toEqual([{ id: 1, title: 'java course' }]);
    expect(tenantQueryKey(1001, ['x'])).toEqual(['tenant', 1001, 'x']);
    await prefetchPageData(queryClient, twoLists, registry, { ...ctx, tenantId: 1002 });
    expect(fetchCourses).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['tenant'] }).map((q) => q.queryKey[1])).toEqual([1001, 1002]);
  });

  it('prefetches every block\'s query together before render, then renders without fetching again', async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const fetchCourses = vi.fn(async (category: string) => {
      started.push(category);
      await gate;
      return [{ id: category.length, title: `${category} course` }];
    });
    const registry = createRegistry().register(courseListWidget(fetchCourses));
    const normalised = normalisePage(page([
      { id: 'a', type: 'course-list', version: 1, props: { category: 'java', heading: 'Java' } },
      { id: 'b', type: 'course-list', version: 1, props: { category: 'go', heading: 'Go' } },
      { id: 'c', type: 'course-list', version: 1, props: { category: 'rust', heading: 'Rust' }, condition: { audience: 'learner' } },
    ]), registry);
    expect(collectDeclarations(normalised.nodes, ctx)).toHaveLength(2);
    const queryClient = client();
    const done = prefetchPageData(queryClient, normalised, registry, ctx);
    // Both requests are in flight before either finishes; the learner-only block is not fetched for a guest.
    await vi.waitFor(() => expect(started).toEqual(['java', 'go']));
    release();
    await done;
    render(
      <QueryClientProvider client={queryClient}>
        <PageRenderer page={normalised} registry={registry} ctx={ctx} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('java course')).toBeInTheDocument();
    expect(screen.getByText('go course')).toBeInTheDocument();
    expect(fetchCourses).toHaveBeenCalledTimes(2);
  });

  it('passes the signal and hands an API error to the widget instead of breaking the page', async () => {
    const fetchCourses = vi.fn(async (_category: string, signal: AbortSignal) => {
      expect(signal).toBeInstanceOf(AbortSignal);
      throw new Error('system busy, please try later');
    });
    const registry = createRegistry().register(courseListWidget(fetchCourses));
    render(
      <QueryClientProvider client={client()}>
        <PageRenderer page={page([{ id: 'a', type: 'course-list', version: 1, props: { category: 'java', heading: 'Java' } }])} registry={registry} ctx={ctx} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Java: system busy, please try later');
  });
});
