import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { applyQueryChange, useQueryState } from '../../src/lib/use-query-state';

function Lister() {
  const { params, update, edit } = useQueryState();
  const location = useLocation();
  return (
    <div>
      <output data-testid="search">{location.search}</output>
      <output data-testid="tab">{params.get('tab') ?? ''}</output>
      {/* A tab click and a search in one event, as a page can do. */}
      <button type="button" onClick={() => { update({ tab: 'open' }); update({ searchValue: 'java' }); }}>both</button>
      <button type="button" onClick={() => { edit((next) => next.set('pageNo', '3')); edit((next) => next.set('pageSize', '20')); }}>pager</button>
    </div>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Lister /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

describe('useQueryState', () => {
  test('two changes made before the next render both land in the address (the second used to drop the first)', async () => {
    renderAt('/list?pageNo=4');
    await act(async () => screen.getByText('both').click());
    const search = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(search.get('tab')).toBe('open');
    expect(search.get('searchValue')).toBe('java');
    // A filter change starts at page 1.
    expect(search.has('pageNo')).toBe(false);
    expect(screen.getByTestId('tab').textContent).toBe('open');
  });

  test('edits in place build on each other too', async () => {
    renderAt('/list?tab=closed');
    await act(async () => screen.getByText('pager').click());
    const search = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(Object.fromEntries(search)).toEqual({ tab: 'closed', pageNo: '3', pageSize: '20' });
  });

  test('applyQueryChange sets, removes empty values and keeps the page only when it is the change', () => {
    const base = new URLSearchParams('tab=open&searchValue=x&pageNo=2');
    expect(applyQueryChange(base, { searchValue: '' }).toString()).toBe('tab=open');
    expect(applyQueryChange(base, { pageNo: 5, pageSize: 20 }).toString()).toBe('tab=open&searchValue=x&pageNo=5&pageSize=20');
    expect(base.toString()).toBe('tab=open&searchValue=x&pageNo=2');
  });
});
