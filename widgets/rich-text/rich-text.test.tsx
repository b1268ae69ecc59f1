import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage, renderWidget } from '../../tests/component/widget-harness';
import { widget } from './index';
import RichTextWidget from './rich-text';
import { loadRichTextSanitiser } from '../../src/runtime/rich-text-view';

describe('rich-text', () => {
  // The sanitiser loads on first need; the tests below read the sanitised text in the same tick.
  // They passed only after a test that waited for it (failed in another order, --sequence.shuffle).
  beforeAll(() => loadRichTextSanitiser());

  it('renders its default text through PageRenderer', async () => {
    renderPage([widget], [{ id: 'r', type: 'rich-text', version: 1, props: {} }]);
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();
  });

  it('strips <script>, onerror and javascript: links but keeps the formatting', () => {
    const html = '<h3>标题</h3><p>正文<strong>加粗</strong></p><script>window.hacked = 1</script>'
      + '<img src="/x.png" onerror="window.hacked = 2" alt="图"><a href="javascript:alert(1)">坏</a><a href="https://example.com" target="_blank">好</a>';
    const { container } = renderWidget(RichTextWidget, { props: { html, padding: 8 } });
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|hacked|javascript:/);
    expect(screen.getByRole('heading', { name: '标题' })).toBeInTheDocument();
    expect(screen.getByText('加粗').tagName).toBe('STRONG');
    expect(screen.getByRole('img', { name: '图' })).toHaveAttribute('src', '/x.png');
    expect(screen.getByText('坏')).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: '好' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('.w-rich-text')).toHaveStyle({ padding: '8px' });
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('renders nothing harmful for empty html', () => {
    const { container } = renderWidget(RichTextWidget, { props: { html: '', padding: 0 } });
    expect(container.querySelector('.rt-rich-text')?.innerHTML).toBe('');
  });

  it('is a named region unless its text brings its own heading', () => {
    renderWidget(RichTextWidget, { props: { html: '<p>只有正文</p>', padding: 0 } });
    expect(screen.getByRole('region', { name: '图文' })).toHaveTextContent('只有正文');
    document.body.innerHTML = '';
    renderWidget(RichTextWidget, { props: { html: '<h2>关于我们</h2><p>正文</p>', padding: 0 } });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('heading', { name: '关于我们' })).toBeInTheDocument();
    document.body.innerHTML = '';
    renderWidget(RichTextWidget, { props: { html: '<p>正文</p>', padding: 0, a11yLabel: '办学简介' } });
    expect(screen.getByRole('region', { name: '办学简介' })).toBeInTheDocument();
  });

  it('loads a version 1 block as version 2 props (rich-text/2-add-a11y-label)', async () => {
    renderPage([widget], [{ id: 'r', type: 'rich-text', version: 1, props: { html: '<p>旧</p>' } }]);
    expect(await screen.findByRole('region', { name: '图文' })).toHaveTextContent('旧');
    expect(widget.version).toBe(2);
  });
});
