// The shell's icons (src/app/layout/shell-icons.tsx) render what @ant-design/icons' components render
// (role, name, classes, the SVG) without that package's component runtime in the entry.
import * as AntdIcons from '@ant-design/icons';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import * as ShellIcons from '../../src/app/layout/shell-icons';

/** An element as text with its attributes sorted, so attribute order does not count. */
function normalised(element: Element): string {
  const attrs = [...element.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(' ');
  return `<${element.tagName.toLowerCase()} ${attrs}>${[...element.children].map(normalised).join('')}</${element.tagName.toLowerCase()}>`;
}

const names = Object.keys(ShellIcons) as Array<keyof typeof ShellIcons>;

describe('shell icons', () => {
  it.each(names)('%s renders as @ant-design/icons renders it', (name) => {
    const Ours = ShellIcons[name] as ComponentType<{ className?: string }>;
    const Theirs = (AntdIcons as unknown as Record<string, ComponentType<{ className?: string }>>)[name]!;
    const ours = render(<Ours className="portal-extra" />).container.firstElementChild!;
    const theirs = render(<Theirs className="portal-extra" />).container.firstElementChild!;
    expect(normalised(ours)).toBe(normalised(theirs));
    expect(ours.getAttribute('role')).toBe('img');
  });
});
