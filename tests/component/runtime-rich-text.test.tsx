import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { RichText } from '../../src/runtime/rich-text-view';

describe('RichText', () => {
  it('inserts only sanitised HTML, and nothing while the sanitiser is still loading (issue 15: DOMPurify loads on need)', async () => {
    const { container } = render(<RichText html={'<p>Hi <a href="javascript:alert(1)" onclick="x()">there</a></p><img src=x onerror="alert(1)"><script>alert(2)</script>'} />);
    const block = container.querySelector('.rt-rich-text')!;
    // First render, before the sanitiser module has arrived: empty and busy, never the raw HTML.
    if (block.getAttribute('aria-busy') === 'true') expect(block.innerHTML).toBe('');
    await waitFor(() => expect(container.querySelector('p')).toHaveTextContent('Hi there'));
    expect(block).not.toHaveAttribute('aria-busy');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a')).not.toHaveAttribute('href');
    expect(container.querySelector('a')).not.toHaveAttribute('onclick');
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
  });
});
