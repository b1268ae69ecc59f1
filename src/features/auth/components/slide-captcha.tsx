// The slider-puzzle captcha dialog (spec shell §2 "Other components", §4 "Captcha dialog", §5
// "Slide captcha", §9). The server draws the puzzle and judges the drop (src/api/captcha.ts); this
// dialog lays out the images, drives the slider by mouse, touch or keyboard, and rejects a drag
// whose path has no vertical variation before asking the server.
import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Modal, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { checkSlideCaptcha, getSlideCaptcha, type SlidePuzzle } from '../../../api/captcha';
import { AntdTheme } from '../../../components/antd-theme';
import { showMessage } from '../../../components/feedback/feedback';
import { i18n } from '../../../i18n/i18n';
import { defineTexts, useTexts } from '../../../i18n/texts';
import './slide-captcha.css';

const TEXTS = {
  zh: {
    // spec shell §2: 'drag the slider below to complete the puzzle', 'please align the puzzle piece with the gap'.
    title: '拖动下方滑块完成拼图',
    hint: '请将拼图与缺口对齐',
    loading: '拼图加载中…',
    loadFailed: '拼图加载失败',
    retry: '重试',
    refresh: '换一张拼图',
    slider: '拼图滑块，左右方向键移动，回车键提交',
    checking: '正在验证…',
    passed: '验证通过',
    // spec shell §8 "Captcha failure": 'verification failed, please retry'.
    failed: '验证失败，请重试',
    verifyError: '验证服务暂时不可用，请稍后再试',
  },
  en: {
    title: 'Drag the slider below to complete the puzzle',
    hint: 'Please align the puzzle piece with the gap',
    loading: 'Loading the puzzle…',
    loadFailed: 'The puzzle could not load',
    retry: 'Retry',
    refresh: 'Load another puzzle',
    slider: 'Puzzle slider: arrow keys move it, Enter submits',
    checking: 'Checking…',
    passed: 'Verified',
    failed: 'Verification failed, please retry',
    verifyError: 'The verification service is unavailable; please try again later',
  },
} as const;

type CaptchaText = keyof (typeof TEXTS)['zh'];

/** The `auth-captcha` namespace (docs/i18n.md), registered when this feature's chunk loads. */
const CAPTCHA = defineTexts('auth-captcha', TEXTS);

function useCaptchaTexts(): (key: CaptchaText) => string {
  return useTexts(CAPTCHA);
}

/** spec shell §9: a failed slide resets after 1 s. */
export const CAPTCHA_RESET_MS = 1000;
/** spec shell §9: the dialog is 350 px wide. */
const DIALOG_WIDTH = 350;
/** Size of the slider handle (a square), in px. */
const HANDLE = 40;
/** Layout until the first puzzle arrives (spec shell §9: 310 × 155). */
const DEFAULT_W = 310;
const DEFAULT_H = 155;

type Status = 'loading' | 'error' | 'ready' | 'checking' | 'success' | 'fail';

interface Drag {
  startX: number;
  startValue: number;
  /** Pointer y values during the drag (spec shell §5 "Slide captcha"). */
  ys: number[];
}

export interface SlideCaptchaProps {
  open: boolean;
  /** Called with the verified uuid; sign-in sends it along. */
  onSuccess: (uuid: string) => void;
  /** The user closed the dialog, or the verify call failed (spec shell §4 step 3). */
  onCancel: () => void;
  /** After the closing animation (used by askSlideCaptcha to unmount). */
  afterClose?: () => void;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

/** The captcha dialog: background with the moving piece, a refresh icon and the slider. */
export function SlideCaptcha({ open, onSuccess, onCancel, afterClose }: SlideCaptchaProps) {
  const t = useCaptchaTexts();
  const [puzzle, setPuzzle] = useState<SlidePuzzle | null>(null);
  const [status, setStatusState] = useState<Status>('loading');
  const [value, setValueState] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // Refs mirror state for window listeners and async continuations, which outlive a render.
  const statusRef = useRef<Status>('loading');
  const valueRef = useRef(0);
  const drag = useRef<Drag | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Bumped whenever a puzzle is replaced or the dialog closes: late answers for the old one are dropped.
  const generation = useRef(0);
  const callbacks = useRef({ onSuccess, onCancel });
  callbacks.current = { onSuccess, onCancel };

  const setStatus = (next: Status) => {
    statusRef.current = next;
    setStatusState(next);
  };
  const setValue = (next: number) => {
    valueRef.current = next;
    setValueState(next);
  };

  const load = useCallback(async () => {
    const mine = ++generation.current;
    clearTimeout(timer.current);
    drag.current = null;
    setDragging(false);
    setValue(0);
    setLoadError(null);
    setStatus('loading');
    try {
      const next = await getSlideCaptcha();
      if (mine !== generation.current) return;
      setPuzzle(next);
      setStatus('ready');
    } catch (error) {
      if (mine !== generation.current) return;
      setLoadError(messageOf(error));
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    if (open) void load();
    else generation.current++;
    return () => {
      generation.current++;
      clearTimeout(timer.current);
    };
  }, [open, load]);

  /** Shows the failure, then after 1 s runs `then` (spec shell §4 step 5, §9). */
  const failThen = (then: () => void) => {
    setStatus('fail');
    const mine = generation.current;
    timer.current = setTimeout(() => {
      if (mine === generation.current) then();
    }, CAPTCHA_RESET_MS);
  };

  /** Judges a drop at `at`; `ys` is the drag path, null for the keyboard. */
  const submit = async (at: number, ys: number[] | null) => {
    if (!puzzle || statusRef.current !== 'ready') return;
    // spec shell §5: a drag path without vertical variation fails and retries, without a server call
    // (a script moving only x). Keyboard use is exempt: keys cannot produce vertical jitter, and the
    // server's single-use, tolerance-bound check still applies to every submission.
    if (ys && ys.every((y) => y === ys[0])) {
      failThen(() => {
        setValue(0);
        setStatus('ready');
      });
      return;
    }
    setStatus('checking');
    const mine = generation.current;
    let passed: boolean;
    try {
      passed = await checkSlideCaptcha(puzzle.uuid, at);
    } catch (error) {
      if (mine !== generation.current) return;
      // spec shell §4 step 3: on verify failure show an error and close.
      showMessage('error', messageOf(error) ?? t('verifyError'));
      callbacks.current.onCancel();
      return;
    }
    if (mine !== generation.current) return;
    if (passed) {
      setStatus('success');
      callbacks.current.onSuccess(puzzle.uuid);
      return;
    }
    // The uuid is spent on the server: the retry needs a new puzzle.
    failThen(() => void load());
  };

  const travel = puzzle?.length ?? DEFAULT_W - 65;
  const trackWidth = puzzle?.w ?? DEFAULT_W;
  // The handle spans the whole track while the piece travels w − L: scale one onto the other.
  const scale = (trackWidth - HANDLE) / travel;

  const begin = (clientX: number, clientY: number) => {
    if (statusRef.current !== 'ready') return;
    drag.current = { startX: clientX, startValue: valueRef.current, ys: [clientY] };
    setDragging(true);
  };

  useEffect(() => {
    if (!dragging) return;
    const move = (clientX: number, clientY: number) => {
      const d = drag.current;
      if (!d) return;
      d.ys.push(clientY);
      setValue(Math.min(travel, Math.max(0, d.startValue + (clientX - d.startX) / scale)));
    };
    const end = () => {
      const d = drag.current;
      drag.current = null;
      setDragging(false);
      // A click without movement is not an attempt.
      if (d && valueRef.current !== d.startValue) void submit(valueRef.current, d.ys);
    };
    const onMouseMove = (e: MouseEvent) => move(e.clientX, e.clientY);
    const onTouchMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!touch) return;
      e.preventDefault(); // keep the page from scrolling under the finger
      move(touch.clientX, touch.clientY);
    };
    window.addEventListener('mousemove', onMouseMove);
    window.addEventListener('mouseup', end);
    window.addEventListener('touchmove', onTouchMove, { passive: false });
    window.addEventListener('touchend', end);
    window.addEventListener('touchcancel', end);
    return () => {
      window.removeEventListener('mousemove', onMouseMove);
      window.removeEventListener('mouseup', end);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('touchend', end);
      window.removeEventListener('touchcancel', end);
    };
    // submit, travel and scale belong to the puzzle the drag started on; re-binding per drag is enough.
  }, [dragging]);

  // Issue 23 point 3: a keyboard user starts on the handle once a puzzle is ready (the first one, or
  // the next after a miss), unless they are on the refresh icon, which they chose themselves.
  const handleRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const handle = handleRef.current;
    if (status !== 'ready' || !handle) return;
    if (document.activeElement?.classList.contains('slide-captcha__refresh')) return;
    handle.focus({ preventScroll: true });
  }, [status, puzzle]);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (statusRef.current !== 'ready') return;
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, number> = {
      ArrowRight: valueRef.current + step, ArrowUp: valueRef.current + step,
      ArrowLeft: valueRef.current - step, ArrowDown: valueRef.current - step,
      PageUp: valueRef.current + 10, PageDown: valueRef.current - 10, Home: 0, End: travel,
    };
    const next = moves[e.key];
    if (next !== undefined) {
      e.preventDefault();
      setValue(Math.min(travel, Math.max(0, next)));
    } else if (e.key === 'Enter' && valueRef.current > 0) {
      e.preventDefault();
      void submit(valueRef.current, null);
    }
  };

  const statusText = status === 'checking' ? t('checking') : status === 'success' ? t('passed') : status === 'fail' ? t('failed') : '';
  const handleIcon = status === 'success' ? <CheckOutlined /> : status === 'fail' ? <CloseOutlined /> : <ArrowRightOutlined />;
  const handleLeft = value * scale;
  const w = puzzle?.w ?? DEFAULT_W;
  const h = puzzle?.h ?? DEFAULT_H;

  return (
    <Modal
      open={open}
      width={DIALOG_WIDTH}
      title={t('title')}
      footer={null}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onCancel}
      afterClose={afterClose}
      // 350 px less 2 × 20 px padding leaves the 310 px of the puzzle.
      styles={{ container: { padding: '16px 20px 20px' } }}
      className="slide-captcha-modal"
    >
      <div className={`slide-captcha slide-captcha--${status}`} style={{ width: w }}>
        <div className="slide-captcha__stage" style={{ width: w, height: h }}>
          {status === 'loading' && (
            <div className="slide-captcha__placeholder">
              <Spin />
              <span>{t('loading')}</span>
            </div>
          )}
          {status === 'error' && (
            <div className="slide-captcha__placeholder" role="alert">
              <span>{loadError ? `${t('loadFailed')}: ${loadError}` : t('loadFailed')}</span>
              <Button size="small" onClick={() => void load()}>{t('retry')}</Button>
            </div>
          )}
          {puzzle && status !== 'loading' && status !== 'error' && (
            <>
              <img className="slide-captcha__bg" src={puzzle.bg} width={w} height={h} alt="" draggable={false} />
              <img className="slide-captcha__block" src={puzzle.block} width={puzzle.L} height={h} alt="" draggable={false}
                style={{ left: value }} data-testid="slide-captcha-block" />
            </>
          )}
          <button type="button" className="slide-captcha__refresh" aria-label={t('refresh')} title={t('refresh')}
            disabled={status === 'checking' || status === 'loading'} onClick={() => void load()}>
            <ReloadOutlined />
          </button>
        </div>
        <div className="slide-captcha__track" style={{ width: trackWidth }}>
          <div className="slide-captcha__fill" style={{ width: handleLeft + HANDLE }} />
          {value === 0 && status === 'ready' && <span className="slide-captcha__hint">{t('hint')}</span>}
          <div
            ref={handleRef}
            className="slide-captcha__handle"
            role="slider"
            tabIndex={status === 'ready' ? 0 : -1}
            aria-label={t('slider')}
            aria-valuemin={0}
            aria-valuemax={Math.round(travel)}
            aria-valuenow={Math.round(value)}
            aria-disabled={status !== 'ready'}
            style={{ left: handleLeft }}
            onMouseDown={(e) => {
              e.preventDefault();
              begin(e.clientX, e.clientY);
            }}
            onTouchStart={(e) => {
              const touch = e.touches[0];
              if (touch) begin(touch.clientX, touch.clientY);
            }}
            onKeyDown={onKeyDown}
          >
            {handleIcon}
          </div>
        </div>
        <p className="slide-captcha__status" role="status" aria-live="polite">{statusText}</p>
      </div>
    </Modal>
  );
}

/**
 * Opens the captcha dialog on demand (outside any React tree) and resolves to the verified uuid,
 * or null when the user closes it or the verify call fails.
 */
export function askSlideCaptcha(): Promise<string | null> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    let settled = false;
    let removed = false;
    const remove = () => {
      if (removed) return;
      removed = true;
      // Not inside React's commit: afterClose runs from the dialog's own effect.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 0);
    };
    const render = (open: boolean) => root.render(
      <I18nextProvider i18n={i18n}>
        <AntdTheme>
          <SlideCaptcha open={open} onSuccess={(uuid) => finish(uuid)} onCancel={() => finish(null)} afterClose={remove} />
        </AntdTheme>
      </I18nextProvider>,
    );
    const finish = (uuid: string | null) => {
      if (settled) return;
      settled = true;
      resolve(uuid);
      render(false);
      // In case the closing animation never reports (a hidden tab), clean up anyway.
      setTimeout(remove, 1000);
    };
    render(true);
  });
}
