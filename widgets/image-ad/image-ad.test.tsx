import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderPage, renderWidget } from '../../tests/component/widget-harness';
import { widget } from './index';
import ImageAd from './image-ad';
import type { ImageAdProps } from '../../schemas/widgets/image-ad';

const props = (over: Partial<ImageAdProps>): ImageAdProps => ({ ...widget.defaultProps, ...over });

describe('image-ad', () => {
  it('renders nothing for learners with its defaults (no image), and a hint in preview', async () => {
    const { container } = renderPage([widget], [{ id: 'i', type: 'image-ad', version: 1, props: {} }]);
    await vi.waitFor(() => expect(container.querySelector('.rt-block-loading')).toBeNull());
    expect(container.querySelector('[data-block-id="i"]')).toBeEmptyDOMElement();
    renderPage([widget], [{ id: 'i', type: 'image-ad', version: 1, props: {} }], { mode: 'preview' });
    expect(await screen.findByText('请设置图片')).toBeInTheDocument();
  });

  it('shows one picture with its alt, linked through the jump rules', () => {
    renderWidget(ImageAd, { props: props({ image: '/uploads/ad.png', alt: '春季促销', link: { linkType: 'product', prodId: 31, productType: 8 }, height: 160 }) });
    const img = screen.getByRole('img', { name: '春季促销' });
    expect(img).toHaveAttribute('src', '/uploads/ad.png');
    // The block's height reaches image-ad.css as a custom property: no style object per picture.
    const section = img.closest<HTMLElement>('.w-image-ad')!;
    expect(section).toHaveClass('w-image-ad-fixed');
    expect(section.style.getPropertyValue('--w-image-ad-height')).toBe('160px');
    expect(img.getAttribute('style')).toBeNull();
    fireEvent.click(img.closest('a')!);
    expect(screen.getByTestId('where')).toHaveTextContent('/sub_shop/noval/31');
  });

  it('shows a second picture side by side, each with its own link', () => {
    renderWidget(ImageAd, {
      props: props({
        image: 'https://cdn.example.com/a.png', alt: '左', link: { linkType: 'route', linkUrl: 'course' },
        image2: '/uploads/b.png', alt2: '右', link2: { linkType: 'url', linkUrl: 'https://example.com' },
      }),
    });
    expect(document.querySelector('.w-image-ad')).toHaveAttribute('data-count', '2');
    expect(screen.getByRole('img', { name: '左' }).closest('a')).toHaveAttribute('href', '/course');
    expect(screen.getByRole('img', { name: '右' }).closest('a')).toHaveAttribute('href', 'https://example.com');
  });

  it('shows a picture without a link as a plain image and refuses javascript: images', () => {
    renderWidget(ImageAd, { props: props({ image: '/uploads/a.png', alt: '无链接', image2: 'javascript:alert(1)' }) });
    expect(screen.getByRole('img', { name: '无链接' }).closest('a')).toBeNull();
    expect(document.querySelector('.w-image-ad')).toHaveAttribute('data-count', '1');
  });

  it('names the block for screen readers, and gives a linked picture without alt the block\'s name instead of none', () => {
    renderWidget(ImageAd, { props: props({ image: '/uploads/a.png', link: { linkType: 'route', linkUrl: 'course' }, image2: '/uploads/b.png' }) });
    expect(screen.getByRole('region', { name: '图片广告' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '图片广告' })).toHaveAttribute('href', '/course');
    // The second picture has neither alt nor link: decorative.
    expect(document.querySelectorAll('img')[1]).toHaveAttribute('alt', '');
    document.body.innerHTML = '';
    renderWidget(ImageAd, { props: props({ image: '/uploads/a.png', a11yLabel: '春季促销', link: { linkType: 'route', linkUrl: 'course' } }) });
    expect(screen.getByRole('region', { name: '春季促销' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '春季促销' })).toBeInTheDocument();
  });

  it('loads a version 1 block as version 2 props (image-ad/2-add-a11y-label)', async () => {
    renderPage([widget], [{ id: 'i', type: 'image-ad', version: 1, props: { image: '/uploads/a.png', alt: '春季促销' } }]);
    expect(await screen.findByRole('img', { name: '春季促销' })).toBeInTheDocument();
    expect(widget.version).toBe(2);
    expect(widget.migrations.map((m) => m.id)).toEqual(['image-ad/2-add-a11y-label']);
    expect(widget.migrations[0]!.up({ image: '/uploads/a.png', alt: 'x' })).toEqual({ image: '/uploads/a.png', alt: 'x' });
  });
});
