// spec shell §2 "Other components": the image viewer with toolbar, zoom, rotate, scale, fullscreen
// and keyboard support, at z-index 9999. A modal dialog over the page (portal on <body>) showing one
// image of a list at a time. It loads on demand (openImageViewer, rich text image clicks), so it may
// use the icon package; it needs nothing from antd.
import {
  CloseOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  OneToOneOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { defineTexts, useTexts } from '../i18n/texts';
import './image-viewer.css';

/** An image to show: its address, or its address and a description. */
export type ViewerImage = string | { src: string; alt?: string };

/** Props of the viewer; it is controlled by `open` and reports closing through `onClose`. */
export interface ImageViewerProps {
  images: readonly ViewerImage[];
  /** The image shown first (each time the viewer opens or this changes). */
  index?: number;
  open: boolean;
  onClose(): void;
  /** Told when the learner moves to another image. */
  onIndexChange?(index: number): void;
}

/** spec shell §2: the viewer stacks at z-index 9999, above the navbar, dialogs and the audio player. */
export const IMAGE_VIEWER_Z_INDEX = 9999;
/** Zoom factor of one step (button, key or wheel notch). */
export const ZOOM_STEP = 1.25;
/** Zoom limits, as a scale of the fitted image. */
export const MIN_SCALE = 0.2;
export const MAX_SCALE = 8;

// The `image-viewer` namespace (docs/i18n.md), loaded with the pages that open the viewer.
const IMAGE_VIEWER = defineTexts('image-viewer', {
  zh: {
    dialog: '图片预览',
    toolbar: '图片工具栏',
    zoomIn: '放大',
    zoomOut: '缩小',
    reset: '原始比例',
    rotateLeft: '向左旋转',
    rotateRight: '向右旋转',
    fullscreen: '全屏',
    exitFullscreen: '退出全屏',
    previous: '上一张',
    next: '下一张',
    close: '关闭',
    failed: '图片加载失败',
    image: '图片 {{n}}',
  },
  en: {
    dialog: 'Image preview',
    toolbar: 'Image tools',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    reset: 'Original size',
    rotateLeft: 'Rotate left',
    rotateRight: 'Rotate right',
    fullscreen: 'Full screen',
    exitFullscreen: 'Exit full screen',
    previous: 'Previous image',
    next: 'Next image',
    close: 'Close',
    failed: 'The image could not load',
    image: 'Image {{n}}',
  },
});

// useTexts reads the app's i18n instance directly: openImageViewer renders outside <Providers>.

interface View {
  scale: number;
  rotate: number;
  x: number;
  y: number;
}

const INITIAL_VIEW: View = { scale: 1, rotate: 0, x: 0, y: 0 };

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * 10000) / 10000));

/** The CSS transform of the shown image for a view. */
export function viewTransform(view: View): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale}) rotate(${view.rotate}deg)`;
}

const srcOf = (image: ViewerImage | undefined) => (typeof image === 'string' ? image : image?.src ?? '');

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

function ToolButton({ label, onClick, disabled, children }: { label: string; onClick(): void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className="portal-image-viewer__tool" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/** The viewer: toolbar, wheel zoom, drag to pan, keyboard (Esc, ←/→, +/-, r/R, 0, f), focus kept inside. */
export function ImageViewer({ images, index = 0, open, onClose, onIndexChange }: ImageViewerProps) {
  const t = useTexts(IMAGE_VIEWER);
  const count = images.length;
  const [current, setCurrent] = useState(index);
  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [failed, setFailed] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; x: number; y: number } | null>(null);
  const backdropPress = useRef(false);

  // Opening again, or a new starting index, starts over at that image with a fresh view.
  const [openedAt, setOpenedAt] = useState<{ open: boolean; index: number }>({ open, index });
  if (openedAt.open !== open || openedAt.index !== index) {
    setOpenedAt({ open, index });
    if (open) {
      setCurrent(index);
      setView(INITIAL_VIEW);
      setFailed(false);
    }
  }

  const shown = count ? Math.min(Math.max(current, 0), count - 1) : 0;
  const image = images[shown];

  const go = useCallback(
    (step: number) => {
      if (count < 2) return;
      // Previous and next wrap around, like the audio playlist (spec shell §4).
      const next = (shown + step + count) % count;
      setCurrent(next);
      setView(INITIAL_VIEW);
      setFailed(false);
      onIndexChange?.(next);
    },
    [count, shown, onIndexChange],
  );

  const zoom = useCallback((factor: number) => setView((v) => ({ ...v, scale: clampScale(v.scale * factor) })), []);
  const rotate = useCallback((degrees: number) => setView((v) => ({ ...v, rotate: v.rotate + degrees })), []);
  const reset = useCallback(() => setView(INITIAL_VIEW), []);

  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggleFullscreen = useCallback(() => {
    const root = rootRef.current;
    if (!root || !document.fullscreenEnabled) return;
    const change = document.fullscreenElement ? document.exitFullscreen() : root.requestFullscreen();
    void change?.catch((error: unknown) => console.warn('The browser refused to change full screen for the image viewer.', error));
  }, []);

  // While open: the page under it does not scroll, focus moves in, and goes back where it was after.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    const onFullscreenChange = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      if (document.fullscreenElement && document.fullscreenElement === rootRef.current) void document.exitFullscreen?.().catch(() => undefined);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  // Wheel zoom needs a non-passive listener (React's onWheel is passive) so a trackpad pinch
  // (wheel + ctrl) zooms the image instead of the browser page.
  useEffect(() => {
    const stage = stageRef.current;
    if (!open || !stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.deltaY !== 0) zoom(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [open, zoom]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab') {
      // Focus stays inside the dialog (aria-modal).
      const controls = Array.from(rootRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === rootRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    // Browser shortcuts (ctrl + -, alt + ←) stay the browser's.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const actions: Record<string, () => void> = {
      Escape: onClose,
      ArrowLeft: () => go(-1),
      ArrowRight: () => go(1),
      '+': () => zoom(ZOOM_STEP),
      '=': () => zoom(ZOOM_STEP),
      '-': () => zoom(1 / ZOOM_STEP),
      _: () => zoom(1 / ZOOM_STEP),
      r: () => rotate(90),
      R: () => rotate(-90),
      '0': reset,
      f: toggleFullscreen,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  const onPointerDown = (event: PointerEvent<HTMLImageElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, x: view.x, y: view.y };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLImageElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setView((v) => ({ ...v, x: start.x + event.clientX - start.startX, y: start.y + event.clientY - start.startY }));
  };
  const endDrag = (event: PointerEvent<HTMLImageElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
  };

  if (!open || count === 0 || typeof document === 'undefined') return null;
  const alt = typeof image === 'object' && image.alt ? image.alt : t('image', { n: shown + 1 });

  return createPortal(
    <div
      ref={rootRef}
      className="portal-image-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('dialog')}
      tabIndex={-1}
      style={{ zIndex: IMAGE_VIEWER_Z_INDEX }}
      onKeyDown={onKeyDown}
      data-testid="image-viewer"
    >
      <div
        ref={stageRef}
        className="portal-image-viewer__stage"
        // A click on the dark backdrop closes; a drag that merely ends there does not.
        onPointerDown={(event) => {
          backdropPress.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          if (backdropPress.current && event.target === event.currentTarget) onClose();
          backdropPress.current = false;
        }}
      >
        {failed ? (
          <p className="portal-image-viewer__failed" role="alert">
            {t('failed')}
          </p>
        ) : (
          <img
            key={shown}
            className={dragging ? 'portal-image-viewer__image portal-image-viewer__image--dragging' : 'portal-image-viewer__image'}
            src={srcOf(image)}
            alt={alt}
            draggable={false}
            style={{ transform: viewTransform(view) }}
            onError={() => setFailed(true)}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            data-testid="image-viewer-image"
          />
        )}
      </div>

      {count > 1 ? (
        <p className="portal-image-viewer__counter" aria-live="polite">
          {shown + 1} / {count}
        </p>
      ) : null}

      <button ref={closeRef} type="button" className="portal-image-viewer__close" aria-label={t('close')} title={t('close')} onClick={onClose}>
        <CloseOutlined aria-hidden />
      </button>

      {count > 1 ? (
        <>
          <button type="button" className="portal-image-viewer__nav portal-image-viewer__nav--prev" aria-label={t('previous')} title={t('previous')} onClick={() => go(-1)}>
            <LeftOutlined aria-hidden />
          </button>
          <button type="button" className="portal-image-viewer__nav portal-image-viewer__nav--next" aria-label={t('next')} title={t('next')} onClick={() => go(1)}>
            <RightOutlined aria-hidden />
          </button>
        </>
      ) : null}

      <div className="portal-image-viewer__toolbar" role="toolbar" aria-label={t('toolbar')}>
        <ToolButton label={t('zoomOut')} onClick={() => zoom(1 / ZOOM_STEP)} disabled={view.scale <= MIN_SCALE}>
          <ZoomOutOutlined aria-hidden />
        </ToolButton>
        <span className="portal-image-viewer__scale" aria-live="polite">
          {Math.round(view.scale * 100)}%
        </span>
        <ToolButton label={t('zoomIn')} onClick={() => zoom(ZOOM_STEP)} disabled={view.scale >= MAX_SCALE}>
          <ZoomInOutlined aria-hidden />
        </ToolButton>
        <ToolButton label={t('reset')} onClick={reset}>
          <OneToOneOutlined aria-hidden />
        </ToolButton>
        <ToolButton label={t('rotateLeft')} onClick={() => rotate(-90)}>
          <RotateLeftOutlined aria-hidden />
        </ToolButton>
        <ToolButton label={t('rotateRight')} onClick={() => rotate(90)}>
          <RotateRightOutlined aria-hidden />
        </ToolButton>
        {canFullscreen ? (
          <ToolButton label={fullscreen ? t('exitFullscreen') : t('fullscreen')} onClick={toggleFullscreen}>
            {fullscreen ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
          </ToolButton>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

/** Opens the viewer on its own React root (no provider needed); returns a function that closes it. */
export function openImageViewer(images: readonly ViewerImage[], index = 0): () => void {
  const host = document.createElement('div');
  host.className = 'portal-image-viewer-host';
  document.body.appendChild(host);
  const root = createRoot(host);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    // Unmounting is deferred: close usually runs inside one of the viewer's own event handlers.
    queueMicrotask(() => {
      root.unmount();
      host.remove();
    });
  };
  root.render(<ImageViewer images={images} index={index} open onClose={close} />);
  return close;
}
