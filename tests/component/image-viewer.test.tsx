// spec shell §2 "Other components": the image viewer with toolbar, zoom, rotate, scale, fullscreen
// and keyboard support, at z-index 9999.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_VIEWER_Z_INDEX, ImageViewer, MAX_SCALE, openImageViewer } from '../../src/components/image-viewer';
import { i18n } from '../../src/i18n/i18n';
import { RichText } from '../../src/runtime/rich-text-view';

const IMAGES = ['/uploads/a.png', { src: '/uploads/b.png', alt: '课程封面' }, '/uploads/c.png'];

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh');
});

function renderViewer(props: Partial<Parameters<typeof ImageViewer>[0]> = {}) {
  const onClose = vi.fn();
  const view = render(<ImageViewer images={IMAGES} index={0} open onClose={onClose} {...props} />);
  return { ...view, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: '图片预览' });
const image = () => screen.getByTestId('image-viewer-image');
const transform = () => image().style.transform;
const tool = (name: string) => screen.getByRole('button', { name });
const key = (k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(document.activeElement ?? dialog(), { key: k, ...init });

describe('ImageViewer', () => {
  it('is a modal dialog at z-index 9999 that starts at the given image', () => {
    renderViewer({ index: 1 });
    expect(IMAGE_VIEWER_Z_INDEX).toBe(9999);
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(dialog().style.zIndex).toBe('9999');
    expect(dialog().parentElement).toBe(document.body);
    expect(image()).toHaveAttribute('src', '/uploads/b.png');
    expect(image()).toHaveAttribute('alt', '课程封面');
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(transform()).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
  });

  it('renders nothing when closed or without images', () => {
    const { rerender } = renderViewer({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<ImageViewer images={[]} open onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toolbar buttons zoom, rotate and reset the transform', async () => {
    const user = userEvent.setup();
    renderViewer();
    await user.click(tool('放大'));
    expect(transform()).toBe('translate(0px, 0px) scale(1.25) rotate(0deg)');
    expect(screen.getByText('125%')).toBeInTheDocument();
    await user.click(tool('缩小'));
    await user.click(tool('缩小'));
    expect(transform()).toBe('translate(0px, 0px) scale(0.8) rotate(0deg)');
    await user.click(tool('向右旋转'));
    expect(transform()).toBe('translate(0px, 0px) scale(0.8) rotate(90deg)');
    await user.click(tool('向左旋转'));
    await user.click(tool('向左旋转'));
    expect(transform()).toBe('translate(0px, 0px) scale(0.8) rotate(-90deg)');
    await user.click(tool('原始比例'));
    expect(transform()).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
  });

  it('stops zooming in at the maximum scale', async () => {
    const user = userEvent.setup();
    renderViewer();
    for (let i = 0; i < 20 && !tool('放大').hasAttribute('disabled'); i += 1) await user.click(tool('放大'));
    expect(tool('放大')).toBeDisabled();
    expect(transform()).toContain(`scale(${MAX_SCALE})`);
  });

  it('previous and next change the image, wrap around and reset the view', async () => {
    const user = userEvent.setup();
    const onIndexChange = vi.fn();
    renderViewer({ onIndexChange });
    await user.click(tool('放大'));
    await user.click(tool('下一张'));
    expect(image()).toHaveAttribute('src', '/uploads/b.png');
    expect(transform()).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
    await user.click(tool('上一张'));
    await user.click(tool('上一张'));
    expect(image()).toHaveAttribute('src', '/uploads/c.png');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(onIndexChange.mock.calls).toEqual([[1], [0], [2]]);
  });

  it('has no previous/next or counter for a single image', () => {
    render(<ImageViewer images={['/uploads/a.png']} open onClose={() => undefined} />);
    expect(screen.queryByRole('button', { name: '下一张' })).toBeNull();
    expect(screen.queryByText('1 / 1')).toBeNull();
  });

  it('keyboard: +/- zoom, r/R rotate, 0 resets, ←/→ switch images, Esc closes', () => {
    const { onClose } = renderViewer();
    key('+');
    expect(transform()).toContain('scale(1.25)');
    key('-');
    key('-');
    expect(transform()).toContain('scale(0.8)');
    key('=');
    expect(transform()).toContain('scale(1)');
    key('r');
    expect(transform()).toContain('rotate(90deg)');
    key('R', { shiftKey: true });
    key('R', { shiftKey: true });
    expect(transform()).toContain('rotate(-90deg)');
    key('0');
    expect(transform()).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
    key('ArrowRight');
    expect(image()).toHaveAttribute('src', '/uploads/b.png');
    key('ArrowLeft');
    key('ArrowLeft');
    expect(image()).toHaveAttribute('src', '/uploads/c.png');
    expect(onClose).not.toHaveBeenCalled();
    key('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves browser shortcuts alone (ctrl + -)', () => {
    renderViewer();
    key('-', { ctrlKey: true });
    expect(transform()).toContain('scale(1)');
  });

  it('zooms with the mouse wheel', () => {
    renderViewer();
    const stage = image().parentElement!;
    fireEvent.wheel(stage, { deltaY: -100 });
    expect(transform()).toContain('scale(1.25)');
    fireEvent.wheel(stage, { deltaY: 100 });
    fireEvent.wheel(stage, { deltaY: 100 });
    expect(transform()).toContain('scale(0.8)');
  });

  it('pans the image by dragging', () => {
    renderViewer();
    fireEvent.pointerDown(image(), { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(image(), { pointerId: 1, clientX: 40, clientY: 30 });
    expect(transform()).toBe('translate(30px, 20px) scale(1) rotate(0deg)');
    fireEvent.pointerUp(image(), { pointerId: 1, clientX: 40, clientY: 30 });
    fireEvent.pointerMove(image(), { pointerId: 1, clientX: 90, clientY: 90 });
    expect(transform()).toBe('translate(30px, 20px) scale(1) rotate(0deg)');
  });

  it('closes from the close button and from a click on the backdrop, not on the image', async () => {
    const user = userEvent.setup();
    const { onClose } = renderViewer();
    await user.click(image());
    expect(onClose).not.toHaveBeenCalled();
    await user.click(image().parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(tool('关闭'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('moves focus in, keeps it inside and returns it to the opener', async () => {
    const user = userEvent.setup();
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            open
          </button>
          <ImageViewer images={IMAGES} open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(tool('关闭')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await user.tab({ shift: true });
    const controls = within(dialog()).getAllByRole('button');
    expect(controls.at(-1)).toHaveFocus();
    await user.tab();
    expect(controls[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('toggles fullscreen through the Fullscreen API', async () => {
    const user = userEvent.setup();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    let fullscreenElement: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
    const exit = vi.fn(async () => {
      fullscreenElement = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
    const request = vi.fn(async function (this: Element) {
      fullscreenElement = this;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { configurable: true, value: request });
    try {
      renderViewer();
      await user.click(tool('全屏'));
      expect(request.mock.contexts[0]).toBe(dialog());
      expect(await screen.findByRole('button', { name: '退出全屏' })).toBeInTheDocument();
      key('f');
      await waitFor(() => expect(exit).toHaveBeenCalledTimes(1));
      expect(await screen.findByRole('button', { name: '全屏' })).toBeInTheDocument();
    } finally {
      delete (document as unknown as Record<string, unknown>).fullscreenEnabled;
      delete (document as unknown as Record<string, unknown>).fullscreenElement;
      delete (document as unknown as Record<string, unknown>).exitFullscreen;
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).requestFullscreen;
    }
  });

  it('has no fullscreen button where the browser does not allow it', () => {
    renderViewer();
    expect(screen.queryByRole('button', { name: '全屏' })).toBeNull();
  });

  it('says so when an image cannot load', () => {
    renderViewer();
    fireEvent.error(image());
    expect(screen.getByRole('alert')).toHaveTextContent('图片加载失败');
  });

  it('speaks English when the language is en', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderViewer();
    expect(screen.getByRole('dialog', { name: 'Image preview' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image 1' })).toBeInTheDocument();
  });
});

describe('openImageViewer', () => {
  it('mounts the viewer on demand and removes it on close', async () => {
    let close: () => void = () => undefined;
    act(() => {
      close = openImageViewer(['/uploads/x.png', '/uploads/y.png'], 1);
    });
    expect(image()).toHaveAttribute('src', '/uploads/y.png');
    key('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelector('.portal-image-viewer-host')).toBeNull();
    close(); // closing twice is harmless
  });
});

describe('RichText images', () => {
  it('clicking an image opens the viewer with all images of the block at that image', async () => {
    const user = userEvent.setup();
    render(<RichText html={'<p>a<img src="/uploads/1.png" alt="one"></p><img src="/uploads/2.png" alt="two"><a href="/x"><img src="/uploads/3.png" alt="linked"></a>'} />);
    await user.click(await screen.findByRole('img', { name: 'two' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByTestId('image-viewer-image')).toHaveAttribute('src', '/uploads/2.png');
    expect(within(viewer).getByText('2 / 3')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an image inside a link follows the link instead', async () => {
    const user = userEvent.setup();
    render(<RichText html={'<a href="#here"><img src="/uploads/3.png" alt="linked"></a><img src="/uploads/4.png" alt="plain">'} />);
    await user.click(await screen.findByRole('img', { name: 'linked' }));
    // Viewers open in click order, so had the linked click opened one it would be there by now.
    await user.click(screen.getByRole('img', { name: 'plain' }));
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByTestId('image-viewer-image')).toHaveAttribute('src', '/uploads/4.png');
    // The viewer has a root of its own, which the render cleanup does not unmount: close it, so the
    // tests after this one (in any order) start without it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
