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
  migrations: {},
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
    const replacement = banner({ version: 2, migrations: { 1: (p) => p } });
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

  it('rejects a migration at or above the current version', () => {
    expect(() => createRegistry().register(banner({ version: 2, migrations: { 2: (p) => p } })))
      .toThrow('Widget "banner" has a migration from version 2, but its current version is 2; migrations go from n to n + 1 below the current version.');
  });

  it('compiles schemas that embed the same shared $id schema twice (LinkItem)', () => {
    const registry = createRegistry();
    const propsSchema = Type.Object({ link: Type.Optional(LinkItem), more: Type.Optional(LinkItem), items: Type.Array(LinkItem, { default: [] }) });
    expect(() => registry.register(banner({ type: 'quick-links', propsSchema, defaultProps: {} as never }))).not.toThrow();
    expect(() => registry.register(banner({ type: 'other-links', propsSchema, defaultProps: {} as never }))).not.toThrow();
    const check = registry.checkProps('quick-links', { link: { linkUrl: 5 } });
    expect(check).toEqual({ ok: false, message: 'props.link.linkUrl must be string' });
  });

  it('checkProps fills defaults from defaultProps and from the schema, on a copy', () => {
    const registry = createRegistry().register(banner({
      propsSchema: Type.Object({ title: Type.String(), size: Type.Integer({ default: 4 }) }),
      defaultProps: { title: 'Welcome' } as never,
    }));
    const input = {};
    expect(registry.checkProps('banner', input)).toEqual({ ok: true, props: { title: 'Welcome', size: 4 } });
    expect(input).toEqual({});
  });
});
