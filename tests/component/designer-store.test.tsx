// The page designer's store (issue 16): edits on the template tree, block ids, defaults, undo/redo,
// and saving with its states. The API module is mocked; the registry holds real widgets.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { createRegistry } from '../../src/runtime/registry';
import { defineWidget } from '../../src/runtime/widget-definition';
import type { PageTemplateV2 } from '../../schemas/page-template';
import { widget as courseList } from '../../widgets/course-list/index';
import { widget as columns } from '../../widgets/columns/index';
import { widget as titleBar } from '../../widgets/title-bar/index';

vi.mock('../../src/features/admin/api/pages', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/features/admin/api/pages')>();
  return { ...actual, getPageDraft: vi.fn(), saveDraft: vi.fn() };
});

const { getPageDraft, saveDraft } = await import('../../src/features/admin/api/pages');
const { createDesignerStore, findBlock, HISTORY_LIMIT, DesignerError } = await import('../../src/features/admin/designer/designer-store');

const hero = defineWidget<{ text: string }>({
  type: 'hero', version: 3, propsSchema: { type: 'object', properties: { text: { type: 'string' } } }, defaultProps: { text: 'hi' },
  migrations: [{ id: 'hero/2-a', up: (p) => p }, { id: 'hero/3-b', up: (p) => p }], load: async () => ({ default: () => null }),
  placement: { topLevelOnly: true, maxPerPage: 1 },
});

const registry = () => createRegistry().register(courseList).register(columns).register(titleBar).register(hero);

const summary = { pageId: 7, pageCode: 'Pzy_test', name: 'Test', kind: 'tab' as const, storeId: null, isDefault: false, publishedVersion: null, hasDraft: true, revision: 3, updatedBy: null, updatedAt: null, menu: null };

const template = (blocks: PageTemplateV2['blocks'] = []): PageTemplateV2 => ({ schemaVersion: 2, pageId: 7, pageCode: 'Pzy_test', title: 'Test', root: { props: {} }, blocks });

async function loaded(blocks: PageTemplateV2['blocks'] = []) {
  vi.mocked(getPageDraft).mockResolvedValue({ page: summary, template: template(blocks), revision: 3, isDraft: true });
  const store = createDesignerStore();
  store.getState().setRegistry(registry());
  await store.getState().load(7);
  return store;
}

const ids = (t: PageTemplateV2 | null) => t!.blocks.map((b) => b.id);

beforeEach(() => {
  vi.mocked(getPageDraft).mockReset();
  vi.mocked(saveDraft).mockReset();
});

describe('designer store: editing the tree', () => {
  it('adds a block with the widget\'s version, default props and empty slots, under a fresh id, and selects it', async () => {
    const store = await loaded();
    const a = store.getState().addBlock('course-list', { parentId: null, index: 0 });
    const b = store.getState().addBlock('course-list', { parentId: null, index: 1 });
    const row = store.getState().addBlock('columns', { parentId: null, index: 0 });
    expect([a, b, row]).toEqual(['course-list-1', 'course-list-2', 'columns-1']);
    const { template, selectedId, saveState } = store.getState();
    expect(ids(template)).toEqual(['columns-1', 'course-list-1', 'course-list-2']);
    expect(template!.blocks[1]).toEqual({ id: 'course-list-1', type: 'course-list', version: courseList.version, props: courseList.defaultProps });
    expect(template!.blocks[0]!.slots).toEqual({ col1: [], col2: [], col3: [] });
    expect(selectedId).toBe('columns-1');
    expect(saveState).toBe('unsaved');
  });

  it('keeps new ids unique in the whole page, nested blocks included', async () => {
    const store = await loaded([{ id: 'row', type: 'columns', version: 1, props: {}, slots: { col1: [{ id: 'title-bar-1', type: 'title-bar', version: 1, props: {} }] } }]);
    expect(store.getState().addBlock('title-bar', { parentId: null, index: 0 })).toBe('title-bar-2');
  });

  it('adds into a container slot and refuses a slot the widget does not have', async () => {
    const store = await loaded([{ id: 'row', type: 'columns', version: 1, props: {} }]);
    const id = store.getState().addBlock('title-bar', { parentId: 'row', slot: 'col2', index: 0 });
    expect(findBlock(store.getState().template!, id)).toMatchObject({ parentId: 'row', slot: 'col2', index: 0, path: 'blocks[0].slots.col2[0]' });
    expect(() => store.getState().addBlock('title-bar', { parentId: 'row', slot: 'sidebar', index: 0 })).toThrow(/no slot "sidebar"/);
  });

  it('refuses a top-level-only widget in a slot, a second one past maxPerPage, and a widget outside the allow-list', async () => {
    const store = await loaded([{ id: 'row', type: 'columns', version: 1, props: {} }]);
    expect(() => store.getState().addBlock('hero', { parentId: 'row', slot: 'col1', index: 0 })).toThrow(DesignerError);
    store.getState().addBlock('hero', { parentId: null, index: 0 });
    expect(() => store.getState().addBlock('hero', { parentId: null, index: 0 })).toThrow(/at most 1 hero/);
    store.getState().setRegistry(registry().withAllowList(['title-bar']));
    expect(() => store.getState().addBlock('course-list', { parentId: null, index: 0 })).toThrow(/not allowed/);
  });

  it('moves a block down and up in its list (index counts the list before the move)', async () => {
    const store = await loaded([1, 2, 3].map((n) => ({ id: `b${n}`, type: 'title-bar', version: 1, props: {} })));
    store.getState().moveBlock('b1', { parentId: null, index: 2 });
    expect(ids(store.getState().template)).toEqual(['b2', 'b1', 'b3']);
    store.getState().moveBlock('b3', { parentId: null, index: 0 });
    expect(ids(store.getState().template)).toEqual(['b3', 'b2', 'b1']);
    store.getState().moveBlock('b3', { parentId: null, index: 3 });
    expect(ids(store.getState().template)).toEqual(['b2', 'b1', 'b3']);
  });

  it('moves a block into a column and back out, and never into itself', async () => {
    const store = await loaded([
      { id: 'row', type: 'columns', version: 1, props: {}, slots: { col1: [], col2: [] } },
      { id: 't', type: 'title-bar', version: 1, props: { title: 'x' } },
    ]);
    store.getState().moveBlock('t', { parentId: 'row', slot: 'col2', index: 0 });
    expect(ids(store.getState().template)).toEqual(['row']);
    expect(store.getState().template!.blocks[0]!.slots!.col2!.map((b) => b.id)).toEqual(['t']);
    store.getState().moveBlock('t', { parentId: null, index: 0 });
    expect(ids(store.getState().template)).toEqual(['t', 'row']);
    expect(() => store.getState().moveBlock('row', { parentId: 'row', slot: 'col1', index: 0 })).toThrow(/inside itself/);
  });

  it('duplicates a block with its children under fresh ids right after it, and selects the copy', async () => {
    const store = await loaded([{ id: 'row', type: 'columns', version: 1, props: { ratio: '2:1' }, slots: { col1: [{ id: 'title-bar-1', type: 'title-bar', version: 1, props: { title: 'x' } }] } }]);
    store.getState().duplicateBlock('row');
    const { template, selectedId } = store.getState();
    expect(ids(template)).toEqual(['row', 'columns-1']);
    expect(template!.blocks[1]).toMatchObject({ props: { ratio: '2:1' }, slots: { col1: [{ id: 'title-bar-2', props: { title: 'x' } }] } });
    expect(selectedId).toBe('columns-1');
  });

  it('removes a block and clears the selection when it held the selected block', async () => {
    const store = await loaded([{ id: 'row', type: 'columns', version: 1, props: {}, slots: { col1: [{ id: 'inner', type: 'title-bar', version: 1, props: {} }] } }]);
    store.getState().select('inner');
    store.getState().removeBlock('row');
    expect(store.getState().template!.blocks).toEqual([]);
    expect(store.getState().selectedId).toBeNull();
  });

  it('updates a block\'s props and the page root props without touching the loaded template', async () => {
    const store = await loaded([{ id: 't', type: 'title-bar', version: 1, props: { title: 'a' } }]);
    const before = store.getState().template!;
    store.getState().updateProps('t', { title: 'b' });
    store.getState().updateRootProps({ gap: 24 });
    expect(store.getState().template!.blocks[0]!.props).toEqual({ title: 'b' });
    expect(store.getState().template!.root.props).toEqual({ gap: 24 });
    expect(before.blocks[0]!.props).toEqual({ title: 'a' });
  });
});

describe('designer store: undo and redo', () => {
  it('undoes and redoes one action per step, back to the saved state', async () => {
    const store = await loaded();
    const saved = store.getState().template;
    store.getState().addBlock('title-bar', { parentId: null, index: 0 });
    store.getState().updateProps('title-bar-1', { title: 'x' });
    expect(store.getState().canUndo).toBe(true);
    store.getState().undo();
    expect(store.getState().template!.blocks[0]!.props).toEqual(titleBar.defaultProps);
    store.getState().undo();
    expect(store.getState().template).toBe(saved);
    expect(store.getState()).toMatchObject({ canUndo: false, canRedo: true, saveState: 'saved', selectedId: null });
    store.getState().redo();
    store.getState().redo();
    expect(store.getState().template!.blocks[0]!.props).toEqual({ title: 'x' });
    expect(store.getState()).toMatchObject({ canRedo: false, saveState: 'unsaved' });
  });

  it('drops the redo steps on a new edit and keeps at most HISTORY_LIMIT steps', async () => {
    const store = await loaded([{ id: 't', type: 'title-bar', version: 1, props: { title: '0' } }]);
    for (let n = 1; n <= HISTORY_LIMIT + 5; n += 1) store.getState().updateProps('t', { title: String(n) });
    store.getState().undo();
    store.getState().updateProps('t', { title: 'new' });
    expect(store.getState().canRedo).toBe(false);
    let steps = 0;
    while (store.getState().canUndo) {
      store.getState().undo();
      steps += 1;
    }
    expect(steps).toBe(HISTORY_LIMIT);
    expect(store.getState().template!.blocks[0]!.props).toEqual({ title: '5' });
  });

  it('ignores edits and undo while a history version is shown', async () => {
    const store = await loaded();
    store.getState().viewVersion({ version: 1, template: template() });
    store.getState().addBlock('title-bar', { parentId: null, index: 0 });
    expect(store.getState().template!.blocks).toEqual([]);
  });
});

describe('designer store: saving', () => {
  it('saves the draft with its revision, takes the new revision and is saved', async () => {
    const store = await loaded();
    store.getState().addBlock('title-bar', { parentId: null, index: 0 });
    vi.mocked(saveDraft).mockResolvedValue({ revision: 4, upgraded: [] });
    await store.getState().saveNow();
    expect(saveDraft).toHaveBeenCalledWith({ pageId: 7, template: store.getState().template, revision: 3 });
    expect(store.getState()).toMatchObject({ revision: 4, saveState: 'saved' });
    await store.getState().saveNow();
    expect(saveDraft).toHaveBeenCalledTimes(1);
  });

  it('stays unsaved when an edit arrives while the save is under way, and the next save sends it with the new revision', async () => {
    const store = await loaded();
    store.getState().addBlock('title-bar', { parentId: null, index: 0 });
    let finish!: (v: { revision: number; upgraded: [] }) => void;
    vi.mocked(saveDraft).mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const first = store.getState().saveNow();
    expect(store.getState().saveState).toBe('saving');
    store.getState().updateProps('title-bar-1', { title: 'later' });
    const second = store.getState().saveNow();
    finish({ revision: 4, upgraded: [] });
    await first;
    vi.mocked(saveDraft).mockResolvedValueOnce({ revision: 5, upgraded: [] });
    await second;
    expect(vi.mocked(saveDraft).mock.calls[1]![0]).toMatchObject({ revision: 4, template: { blocks: [{ props: { title: 'later' } }] } });
    expect(store.getState()).toMatchObject({ revision: 5, saveState: 'saved' });
  });

  it('turns a 409 into the conflict state and saves no more until the admin chooses', async () => {
    const store = await loaded();
    store.getState().addBlock('title-bar', { parentId: null, index: 0 });
    vi.mocked(saveDraft).mockRejectedValue(new ApiError('另一位管理员已保存了此页面的新版本，请重新加载后再修改', { code: 409, flag: -1, status: 409 }));
    await store.getState().saveNow();
    expect(store.getState()).toMatchObject({ saveState: 'conflict', saveError: expect.stringContaining('另一位管理员') });
    store.getState().updateProps('title-bar-1', { title: 'x' });
    await store.getState().saveNow();
    expect(saveDraft).toHaveBeenCalledTimes(1);
    expect(store.getState().saveState).toBe('conflict');
    // "Keep mine": based on the server's revision, the next save goes through.
    vi.mocked(saveDraft).mockResolvedValue({ revision: 9, upgraded: [] });
    store.getState().rebase(8);
    await store.getState().saveNow();
    expect(vi.mocked(saveDraft).mock.calls[1]![0].revision).toBe(8);
    expect(store.getState().saveState).toBe('saved');
  });

  it('shows other refusals as error with the server\'s message, and replaceDraft starts over with an empty history', async () => {
    const store = await loaded();
    store.getState().addBlock('title-bar', { parentId: null, index: 0 });
    vi.mocked(saveDraft).mockRejectedValue(new ApiError('blocks[0] (title-bar): title is too long', { code: 400, flag: -1, status: 400 }));
    await store.getState().saveNow();
    expect(store.getState()).toMatchObject({ saveState: 'error', saveError: 'blocks[0] (title-bar): title is too long' });
    store.getState().replaceDraft(template(), 12);
    expect(store.getState()).toMatchObject({ revision: 12, saveState: 'saved', canUndo: false, canRedo: false, selectedId: null });
  });
});
