// States the server's schema allows but the client had narrowed by hand (issue 14 point 4): the
// schemas send a class's and an order's state as an integer (schemas/api/train.ts ClassStateField,
// schemas/api/order.ts OrderView), while the hand-written types said 1 | 2 | 3 and 1 | 2 | 3 | 4.
// A state the client does not know shows no state tag; the row and the page still render.
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassDetail, MyClass } from '../../src/api/classes';
import { createQueryClient, Providers } from '../../src/app/providers';
import { ClassHeader } from '../../src/features/classes/components/class-header';
import MyClassesPage from '../../src/features/center/routes/my-classes-page';
import { StateTag } from '../../src/features/shop/components/shop-parts';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

const myClasses = vi.hoisted(() => ({ rows: [] as unknown[] }));
vi.mock('../../src/features/center/api/my-classes', () => ({
  useMyClasses: () => ({
    data: { list: myClasses.rows, total: myClasses.rows.length, pageNo: 1, pageSize: 10 },
    isPending: false, isError: false, isFetching: false, isPlaceholderData: false, error: null, refetch: () => undefined,
  }),
}));

const CLASS: ClassDetail = {
  id: 5, title: '安全管理专项培训班', cover: null, summary: null, categoryId: null, categoryName: null,
  publishTime: '2026-11-01T00:00:00.000Z', teacher: null,
  startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-20T10:00:00.000Z', enrolLimit: null, enrolCount: 0, seatsLeft: null, state: 1,
  isPublic: true, phases: [], member: null, canEnroll: true, canCancel: false, canQuit: false, enrolBlocked: null,
};
const MY_CLASS: MyClass = {
  id: 5, title: '安全管理专项培训班', cover: null, summary: null, categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z',
  teacherName: '李老师', startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-20T10:00:00.000Z', enrolLimit: null, enrolCount: 1,
  state: 1, enrolledAt: '2026-11-24T02:00:00.000Z', phaseCount: 0, itemCount: 0,
};

function mount(element: React.ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
}

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, learnerSession);
});
afterEach(() => {
  cleanup();
  useUserStore.getState().signOut(false);
});

describe('a state the schema allows but the client does not know', () => {
  it('an order state past 4 shows no order-state tag instead of its text key', () => {
    mount(<><StateTag state={2} /><StateTag state={7} /></>);
    const tags = screen.getAllByTestId('order-state');
    expect(tags).toHaveLength(1);
    expect(tags[0]!.textContent).not.toMatch(/state\d/);
  });

  it('a class state past 3 shows the class header without a state tag', () => {
    mount(<ClassHeader c={{ ...CLASS, state: 4 }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('安全管理专项培训班');
    expect(screen.queryByTestId('class-state')).toBeNull();
  });

  it('a class state past 3 keeps 我的培训班 rendering (the row read the tag of an undefined state and threw)', async () => {
    myClasses.rows = [{ ...MY_CLASS, id: 5 }, { ...MY_CLASS, id: 6, title: '另一个培训班', state: 4 }];
    mount(<MyClassesPage />, '/user/center/study/myClasses');
    const rows = await screen.findAllByTestId('my-classes-item');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('另一个培训班');
  });
});
