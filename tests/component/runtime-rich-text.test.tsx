import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { RichText } from '../../src/runtime/rich-text-view';

describe('RichText', () => {
  it('inserts only sanitised HTML', () => {
    const { container } = render(<RichText html={'<p>Hi <a href="javascript:alert(1)" onclick="x()">there</a></p><img src=x onerror="alert(1)"><script>alert(2)</script>'} />);
    expect(container.querySelector('p')).toHaveTextContent('Hi there');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a')).not.toHaveAttribute('href');
    expect(container.querySelector('a')).not.toHaveAttribute('onclick');
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
  });
});
