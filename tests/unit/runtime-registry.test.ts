import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { createRegistry } from '../../src/runtime/registry';
import { defineWidget, type WidgetDefinition } from '../../src/runtime/widget-definition';
import { LinkItem } from '../../schemas/link';

const Empty = () => null;
const banner = (overrides: Partial<WidgetDefinition<{ title: string }>> = {}) => defineWidget<{ title: string }>({
  type: 'banner',
  version: 1,
  propsSchema: Type.Object({ title: Type.String() }),
  defaultProps: { title: 'Welcome' },
  migrations: [],
  load: async () => ({ default: Empty }),
  ...overrides,
});

describe('createRegistry', () => {
  it('registers, gets and lists widgets in registration order', () => {
    const registry = createRegistry();
    registry.register(banner()).register(banner({ type: 'course-list' }));
    expect(registry.get('banner')?.type).toBe('banner');
    expect(registry.list().map((d) => d.type)).toEqual(['banner', 'course-list']);
    expect(registry.get('nope')).toBeUndefined();
  });

  it('refuses a second widget of the same type with the house-style sentence', () => {
    const registry = createRegistry().register(banner());
    expect(() => registry.register(banner())).toThrow('Widget "banner" is registered twice; pass { override: true } to replace it.');
  });

  it('replaces a widget when override is set', () => {
    const registry = createRegistry().register(banner());
    const replacement = banner({ version: 2, migrations: [{ id: 'banner/2-add-subtitle', up: (p) => p }] });
    registry.register(replacement, { override: true });
    expect(registry.get('banner')).toBe(replacement);
    expect(registry.list()).toHaveLength(1);
  });

  it('is an instance: two registries do not share widgets', () => {
    const a = createRegistry().register(banner());
    const b = createRegistry();
    expect(a.get('banner')).toBeDefined();
    expect(b.get('banner')).toBeUndefined();
    expect(() => b.register(banner())).not.toThrow();
  });

  it('honours a tenant allow-list and builds views with withAllowList', () => {
    const registry = createRegistry({ allow: ['banner'] }).register(banner()).register(banner({ type: 'course-list' }));
    expect(registry.allows('banner')).toBe(true);
    expect(registry.allows('course-list')).toBe(false);
    expect(registry.allows('unregistered')).toBe(false);
    const everything = registry.withAllowList(undefined);
    expect(everything.allows('course-list')).toBe(true);
    const onlyCourses = registry.withAllowList(['course-list']);
    expect(onlyCourses.allows('banner')).toBe(false);
    expect(onlyCourses.allows('course-list')).toBe(true);
    expect(onlyCourses.allowList).toEqual(['course-list']);
    // Views share the widgets: get() ignores the allow-list.
    expect(onlyCourses.get('banner')).toBeDefined();
  });

  it('rejects a type that is not kebab-case', () => {
    expect(() => createRegistry().register(banner({ type: 'CourseList' }))).toThrow(/Widget type "CourseList" is not kebab-case; use lower-case words joined by hyphens/);
  });

  it('rejects defaults that do not match the props schema, naming the field', () => {
    expect(() => createRegistry().register(banner({ defaultProps: { title: 3 as unknown as string } })))
      .toThrow('Widget "banner" has defaultProps that do not match its propsSchema: defaultProps.title must be string; fix the defaults or the schema.');
  });

  it('rejects a migration that produces a version above the current one', () => {
    expect(() => createRegistry().register(banner({ version: 2, migrations: [{ id: 'banner/3-add-height', up: (p) => p }] })))
      .toThrow('Widget "banner" migration 0 ("banner/3-add-height") produces version 3, but "banner" is at version 2; a migration produces a version from 2 to the current one.');
  });

  describe('named migrations (issue 14 point 6)', () => {
    const up = (p: Record<string, unknown>) => p;
    const register = (version: number, migrations: unknown) => () => createRegistry().register(banner({ version, migrations: migrations as never }));

    it('accepts ids "<type>/<version>-<slug>" in version order', () => {
      expect(register(3, [{ id: 'banner/2-add-height', up }, { id: 'banner/3-rename-title', up }])).not.toThrow();
    });

    it('refuses the old numbered record with a sentence showing the list form', () => {
      expect(register(2, { 1: up })).toThrow(`Widget "banner" has migrations that are not a list; write migrations: [] or a list of named steps such as { id: 'banner/2-what-changed', up: (props) => ({ ...props }) }.`);
    });

    it('refuses malformed ids', () => {
      for (const id of ['banner/2', 'banner/two-add-height', 'banner/2-Add_Height', '2-add-height', 'banner/0-start']) {
        expect(register(2, [{ id, up }]), id).toThrow(`Widget "banner" migration 0 ("${id}") has a malformed id; ids are "<type>/<version>-<kebab-case slug>", e.g. "banner/2-add-height".`);
      }
      expect(register(2, [{ up }])).toThrow(/Widget "banner" migration 0 has no id; name every step as in/);
    });

    it('refuses an id naming another widget', () => {
      expect(register(2, [{ id: 'image-ad/2-add-height', up }])).toThrow('Widget "banner" migration 0 ("image-ad/2-add-height") names the widget "image-ad"; a migration of "banner" has an id starting "banner/".');
    });

    it('refuses a repeated id', () => {
      expect(register(3, [{ id: 'banner/2-add-height', up }, { id: 'banner/2-add-height', up }])).toThrow('Widget "banner" migration 1 ("banner/2-add-height") repeats an id; every migration id is unique.');
    });

    it('refuses migrations out of version order, or two for one version', () => {
      expect(register(3, [{ id: 'banner/3-rename-title', up }, { id: 'banner/2-add-height', up }]))
        .toThrow('Widget "banner" migration 1 ("banner/2-add-height") produces version 2 after a migration to version 3; list migrations in version order, one per version.');
      expect(register(3, [{ id: 'banner/2-add-height', up }, { id: 'banner/2-add-width', up }]))
        .toThrow('Widget "banner" migration 1 ("banner/2-add-width") produces version 2 after a migration to version 2; list migrations in version order, one per version.');
    });

    it('refuses a step without an up function', () => {
      expect(register(2, [{ id: 'banner/2-add-height' }])).toThrow('Widget "banner" migration 0 ("banner/2-add-height") has no up function; give it up: (props) => ({ ...props }).');
    });
  });

  it('compiles schemas that embed the same shared $id schema twice (LinkItem)', () => {
    const registry = createRegistry();
    const propsSchema = Type.Object({ link: Type.Optional(LinkItem), more: Type.Optional(LinkItem), items: Type.Array(LinkItem, { default: [] }) });
    expect(() => registry.register(banner({ type: 'quick-links', propsSchema, defaultProps: {} as never }))).not.toThrow();
    expect(() => registry.register(banner({ type: 'other-links', propsSchema, defaultProps: {} as never }))).not.toThrow();
    const check = registry.checkProps('quick-links', { link: { linkUrl: 5 } });
    expect(check).toEqual({ ok: true, props: { items: [] }, repairs: [{ field: 'props.link', reason: 'props.link.linkUrl must be string', fallback: 'removed' }] });
  });

  it('checkProps fills defaults from defaultProps and from the schema, on a copy', () => {
    const registry = createRegistry().register(banner({
      propsSchema: Type.Object({ title: Type.String(), size: Type.Integer({ default: 4 }) }),
      defaultProps: { title: 'Welcome' } as never,
    }));
    const input = {};
    expect(registry.checkProps('banner', input)).toEqual({ ok: true, props: { title: 'Welcome', size: 4 }, repairs: [] });
    expect(input).toEqual({});
  });

  describe('checkProps repairs at field level (issue 14 point 14)', () => {
    const registry = createRegistry().register(banner({
      propsSchema: Type.Object({
        title: Type.String({ maxLength: 5 }),
        size: Type.Integer({ default: 4, maximum: 10 }),
        note: Type.Optional(Type.String({ maxLength: 3 })),
      }),
      defaultProps: { title: 'Hello' } as never,
    }));

    it('a field one character over its limit falls back to its default instead of failing the block', () => {
      expect(registry.checkProps('banner', { title: 'Hello!' })).toEqual({
        ok: true, props: { title: 'Hello', size: 4 },
        repairs: [{ field: 'props.title', reason: 'props.title must NOT have more than 5 characters', fallback: 'default' }],
      });
    });

    it('uses the schema default when defaultProps has none, and unsets an optional field without one', () => {
      const check = registry.checkProps('banner', { size: 99, note: 'toolong' });
      expect(check).toEqual({
        ok: true, props: { title: 'Hello', size: 4 },
        repairs: [
          { field: 'props.size', reason: 'props.size must be <= 10', fallback: 'default' },
          { field: 'props.note', reason: 'props.note must NOT have more than 3 characters', fallback: 'removed' },
        ],
      });
    });

    it('repairs a field whose list item is wrong by falling back to the whole field\'s default', () => {
      const lists = createRegistry().register(banner({
        propsSchema: Type.Object({ items: Type.Array(Type.Object({ url: Type.String() }), { default: [] }), title: Type.String() }),
        defaultProps: { title: 'Links' } as never,
      }));
      expect(lists.checkProps('banner', { items: [{ url: '/a' }, { url: 3 }], title: 'Mine' })).toEqual({
        ok: true, props: { items: [], title: 'Mine' },
        repairs: [{ field: 'props.items', reason: 'props.items[1].url must be string', fallback: 'default' }],
      });
    });
  });
});

describe('cloneJson (the copy checkProps validates, so defaults and stored templates stay as they were)', () => {
  it('copies nested objects and arrays, so a change to the copy leaves the source alone', async () => {
    const { cloneJson } = await import('../../src/runtime/registry');
    const source = { title: 'a', items: [{ link: { linkType: 'route', linkUrl: 'course' } }], n: null, on: true };
    const copy = cloneJson(source);
    expect(copy).toEqual(source);
    copy.items[0]!.link.linkUrl = 'exam';
    copy.items.push({ link: { linkType: 'route', linkUrl: 'x' } });
    expect(source.items).toEqual([{ link: { linkType: 'route', linkUrl: 'course' } }]);
    const when = new Date(0);
    expect(cloneJson({ when }).when).not.toBe(when);
  });

  it('validating a block leaves the stored props untouched (nested defaults are filled in a copy)', () => {
    type Props = { items: { size?: number }[] };
    const registry = createRegistry().register(defineWidget<Props>({
      type: 'sizes', version: 1, migrations: [], load: async () => ({ default: Empty }),
      propsSchema: Type.Object({ items: Type.Array(Type.Object({ size: Type.Number({ default: 3 }) })) }),
      defaultProps: { items: [] },
    }));
    const stored: Props = { items: [{}] };
    const checked = registry.checkProps('sizes', stored);
    expect(checked.ok && checked.props).toEqual({ items: [{ size: 3 }] });
    expect(stored).toEqual({ items: [{}] });
  });
});
