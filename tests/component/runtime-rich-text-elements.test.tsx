import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { simpleRichText } from '../../src/runtime/rich-text-elements';

/** What the browser's own parser builds from the HTML (jsdom's parser here). */
function parsed(html: string): string {
  const el = document.createElement('div');
  el.innerHTML = html;
  return el.innerHTML;
}

describe('simpleRichText (rich text as elements instead of inner HTML)', () => {
  it.each([
    ['a paragraph', '<p>Hello</p>'],
    ['plain text', 'Just text'],
    ['escaped characters', '<p>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x4e2d;&#25991;&nbsp;!</p>'],
    ['inline tags and a line break', '<h2>标题</h2><p><strong>粗体</strong> 和 <em>斜体</em><br>第二行 <u>u</u> <s>s</s> x<sub>2</sub></p>'],
    ['a list with whitespace between items', '<ul>\n  <li>one</li>\n  <li><b>two</b></li>\n</ul><ol><li>1</li></ol>'],
    ['a self-closing break', '<p>a<br/>b</p>'],
  ])('builds the same DOM as the parser for %s', (_name, html) => {
    const elements = simpleRichText(html);
    expect(elements).not.toBeNull();
    const { container } = render(<div data-testid="out">{elements}</div>);
    expect(container.firstElementChild!.innerHTML).toBe(parsed(html));
  });

  it.each([
    ['an attribute', '<p class="x">a</p>'],
    ['an image', '<p><img src="/a.png" alt="a"></p>'],
    ['a link', '<p><a href="/x">x</a></p>'],
    ['a comment', '<p>a<!-- c --></p>'],
    ['a paragraph in a paragraph (the parser repairs it)', '<p><p>a</p></p>'],
    ['a paragraph in a list', '<ul><p>a</p></ul>'],
    ['text between list items', '<ul>x<li>a</li></ul>'],
    ['an item outside a list', '<li>a</li>'],
    ['an unclosed tag', '<p>a'],
    ['a stray closing tag', 'a</p>'],
    ['mismatched tags', '<p><b>a</p></b>'],
    ['an unknown named entity', '<p>&copy; 2026</p>'],
    ['a lone ampersand', '<p>a & b</p>'],
    ['an upper-case tag', '<P>a</P>'],
    ['a table', '<table><tr><td>a</td></tr></table>'],
  ])('leaves %s to the browser\'s parser', (_name, html) => {
    expect(simpleRichText(html)).toBeNull();
  });

  it('leaves long text to the parser', () => {
    expect(simpleRichText(`<p>${'字'.repeat(5000)}</p>`)).toBeNull();
  });
});
