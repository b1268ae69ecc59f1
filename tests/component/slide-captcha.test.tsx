// The slider-captcha dialog (spec shell §2, §4 "Captcha dialog", §5 "Slide captcha", §9) with the
// captcha calls mocked: layout and texts, the vertical-variation rule, the 1 s reset, refresh,
// keyboard use, success, and a failing verify call.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlidePuzzle } from '../../src/api/captcha';
import { checkSlideCaptcha, getSlideCaptcha } from '../../src/api/captcha';
import { AntdTheme } from '../../src/components/antd-theme';
import { showMessage } from '../../src/components/feedback/feedback';
import { askSlideCaptcha, SlideCaptcha } from '../../src/features/auth/components/slide-captcha';
import { i18n } from '../../src/i18n/i18n';

vi.mock('../../src/api/captcha', () => ({ getSlideCaptcha: vi.fn(), checkSlideCaptcha: vi.fn() }));
vi.mock('../../src/components/feedback/feedback', () => ({ showMessage: vi.fn() }));

const getMock = vi.mocked(getSlideCaptcha);
const checkMock = vi.mocked(checkSlideCaptcha);

let served = 0;
const puzzle = (n: number): SlidePuzzle => ({
  uuid: `uuid-${n}`, w: 310, h: 155, l: 42, r: 10, L: 65, y: 40, length: 245, accuracy: 5,
  bg: `data:image/png;base64,BG${n}`, block: `data:image/png;base64,BLOCK${n}`,
});

beforeEach(() => {
  served = 0;
  getMock.mockReset().mockImplementation(async () => puzzle(++served));
  checkMock.mockReset();
  vi.mocked(showMessage).mockReset();
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('zh');
});

function open() {
  const onSuccess = vi.fn();
  const onCancel = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <AntdTheme>
        <SlideCaptcha open onSuccess={onSuccess} onCancel={onCancel} />
      </AntdTheme>
    </I18nextProvider>,
  );
  return { onSuccess, onCancel };
}

const slider = () => screen.getByRole('slider');
const block = () => screen.getByTestId('slide-captcha-block');
const ready = (uuid = 'uuid-1') => waitFor(() => expect(block()).toHaveAttribute('src', `data:image/png;base64,BLOCK${uuid.slice(5)}`));

/** Drags the handle by dx px with the given pointer y values along the way. */
function drag(dx: number, ys: number[]) {
  fireEvent.mouseDown(slider(), { clientX: 10, clientY: ys[0] });
  ys.forEach((y, i) => fireEvent.mouseMove(window, { clientX: 10 + (dx * (i + 1)) / ys.length, clientY: y }));
  fireEvent.mouseUp(window);
}

/** Lets pending promises (the mocked calls) settle inside act. */
const settle = () => act(async () => {
  await Promise.resolve();
});

// antd's first render (CSS-in-JS) takes seconds on a busy machine.
describe('SlideCaptcha', { timeout: 15_000 }, () => {
  it('is a 350 px dialog with the spec\'s texts, the puzzle images and a refresh icon', async () => {
    open();
    expect(await screen.findByText('拖动下方滑块完成拼图')).toBeInTheDocument();
    await ready();
    expect(screen.getByText('请将拼图与缺口对齐')).toBeInTheDocument();
    const modal = screen.getByRole('dialog').closest<HTMLElement>('.ant-modal');
    expect(modal).not.toBeNull();
    expect(modal!.style.width).toBe('350px');
    expect(document.querySelector('.slide-captcha__bg')).toHaveAttribute('src', 'data:image/png;base64,BG1');
    expect(screen.getByRole('button', { name: '换一张拼图' })).toBeInTheDocument();
    expect(slider()).toHaveAttribute('aria-valuemax', '245');
  });

  it('shows the English texts when the language is English', async () => {
    await i18n.changeLanguage('en');
    open();
    expect(await screen.findByText('Drag the slider below to complete the puzzle')).toBeInTheDocument();
    await ready();
    expect(screen.getByText('Please align the puzzle piece with the gap')).toBeInTheDocument();
  });

  it('moves the piece with the handle while dragging', async () => {
    open();
    await ready();
    fireEvent.mouseDown(slider(), { clientX: 10, clientY: 5 });
    // The handle spans 310 − 40 px while the piece travels 245 px.
    fireEvent.mouseMove(window, { clientX: 10 + 270, clientY: 6 });
    expect(block().style.left).toBe('245px');
    expect(slider().style.left).toBe('270px');
    fireEvent.mouseMove(window, { clientX: 10 - 50, clientY: 6 });
    expect(block().style.left).toBe('0px');
  });

  it('fails a drag with a constant y locally, without asking the server, and retries after 1 s', async () => {
    open();
    await ready();
    vi.useFakeTimers();
    drag(120, [40, 40, 40, 40]);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('验证失败，请重试');
    expect(checkMock).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('status')).toHaveTextContent('验证失败，请重试');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(slider()).toHaveAttribute('aria-valuenow', '0');
    // Same puzzle: its uuid was never sent, so it is still good.
    expect(getMock).toHaveBeenCalledTimes(1);
    expect(block()).toHaveAttribute('src', 'data:image/png;base64,BLOCK1');
  });

  it('shows a wrong answer, then after 1 s resets with a new puzzle (the old uuid is spent)', async () => {
    checkMock.mockResolvedValue(false);
    open();
    await ready();
    vi.useFakeTimers();
    drag(90, [40, 41, 43, 42]);
    await settle();
    expect(checkMock).toHaveBeenCalledTimes(1);
    expect(checkMock.mock.calls[0]![0]).toBe('uuid-1');
    expect(screen.getByRole('status')).toHaveTextContent('验证失败，请重试');
    expect(document.querySelector('.slide-captcha--fail')).not.toBeNull();
    act(() => vi.advanceTimersByTime(999));
    expect(getMock).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    await settle();
    expect(getMock).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await ready('uuid-2');
    expect(slider()).toHaveAttribute('aria-valuenow', '0');
  });

  it('reloads the puzzle from the refresh icon', async () => {
    open();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: '换一张拼图' }));
    await ready('uuid-2');
    expect(getMock).toHaveBeenCalledTimes(2);
  });

  it('calls onSuccess with the uuid when the server passes the drop', async () => {
    checkMock.mockResolvedValue(true);
    const { onSuccess, onCancel } = open();
    await ready();
    drag(270, [40, 39, 41]);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('uuid-1'));
    expect(checkMock).toHaveBeenCalledWith('uuid-1', 245);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('验证通过');
  });

  it('follows a touch drag too', async () => {
    checkMock.mockResolvedValue(true);
    const { onSuccess } = open();
    await ready();
    fireEvent.touchStart(slider(), { touches: [{ clientX: 20, clientY: 50 }] });
    fireEvent.touchMove(window, { touches: [{ clientX: 74, clientY: 51 }] });
    expect(slider()).toHaveAttribute('aria-valuenow', '49');
    fireEvent.touchEnd(window, { touches: [] });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('uuid-1'));
    expect(checkMock.mock.calls[0]![1]).toBeCloseTo(54 * 245 / 270, 5);
  });

  it('lets the keyboard move the handle and submit with Enter (exempt from the vertical rule)', async () => {
    checkMock.mockResolvedValue(true);
    const { onSuccess } = open();
    await ready();
    const handle = slider();
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle).toHaveAttribute('aria-valuenow', '10');
    fireEvent.keyDown(handle, { key: 'End' });
    fireEvent.keyDown(handle, { key: 'PageDown' });
    expect(handle).toHaveAttribute('aria-valuenow', '235');
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('uuid-1'));
    expect(checkMock).toHaveBeenCalledWith('uuid-1', 235);
  });

  it('puts the keyboard on the handle, a slider with its range and a name, once the puzzle is ready', async () => {
    open();
    await ready();
    const handle = slider();
    await waitFor(() => expect(handle).toHaveFocus());
    expect(handle).toHaveAttribute('tabindex', '0');
    expect(handle).toHaveAttribute('aria-valuemin', '0');
    expect(handle).toHaveAccessibleName('拼图滑块，左右方向键移动，回车键提交');
  });

  it('jumps to the ends with Home and End, moves 10 with Shift, and sends no answer from the start', async () => {
    checkMock.mockResolvedValue(false);
    open();
    await ready();
    const handle = slider();
    fireEvent.keyDown(handle, { key: 'Enter' });
    await settle();
    expect(checkMock).not.toHaveBeenCalled();
    fireEvent.keyDown(handle, { key: 'End' });
    expect(handle).toHaveAttribute('aria-valuenow', '245');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle).toHaveAttribute('aria-valuenow', '245');
    fireEvent.keyDown(handle, { key: 'Home' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    fireEvent.keyDown(handle, { key: 'ArrowUp', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    expect(handle).toHaveAttribute('aria-valuenow', '20');
    // The piece moves with the handle, as under a drag.
    expect(block().style.left).toBe('20px');
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() => expect(checkMock).toHaveBeenCalledWith('uuid-1', 20));
  });

  it('shows the error and closes when the verify call fails (spec shell §4 step 3)', async () => {
    checkMock.mockRejectedValue(new Error('The server hit an unexpected error; please try again later.'));
    const { onSuccess, onCancel } = open();
    await ready();
    drag(100, [40, 44]);
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(showMessage).toHaveBeenCalledWith('error', 'The server hit an unexpected error; please try again later.');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows a load failure with a retry that loads the puzzle', async () => {
    getMock.mockRejectedValueOnce(new Error('Too many captcha puzzles were requested from this address; wait a minute and try again.'));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('拼图加载失败: Too many captcha puzzles');
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(getMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId('slide-captcha-block')).toBeInTheDocument();
  });

  it('ignores a click on the handle that does not move it', async () => {
    open();
    await ready();
    fireEvent.mouseDown(slider(), { clientX: 10, clientY: 40 });
    fireEvent.mouseUp(window);
    await settle();
    expect(checkMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('askSlideCaptcha', { timeout: 15_000 }, () => {
  it('mounts the dialog on demand and resolves to the verified uuid', async () => {
    checkMock.mockResolvedValue(true);
    let answer: Promise<string | null> = Promise.resolve(null);
    act(() => {
      answer = askSlideCaptcha();
    });
    await ready();
    drag(150, [40, 42, 41]);
    await expect(answer).resolves.toBe('uuid-1');
    // The host is removed once the dialog has closed.
    await waitFor(() => expect(document.querySelector('.slide-captcha')).toBeNull(), { timeout: 2000 });
  });

  it('resolves to null when the dialog is closed', async () => {
    let answer: Promise<string | null> = Promise.resolve('not yet');
    act(() => {
      answer = askSlideCaptcha();
    });
    await ready();
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    await expect(answer).resolves.toBeNull();
    expect(checkMock).not.toHaveBeenCalled();
    await waitFor(() => expect(document.querySelector('.slide-captcha')).toBeNull(), { timeout: 2000 });
  });
});
