// Issue 21 part F: /robot/digital_human (docs/ai.md F) with speechSynthesis stubbed: the sentence
// being read is highlighted as boundary events arrive and the presenter's mouth opens with them;
// pause, resume, stop; a new speed goes on from the current sentence; a picked course becomes the
// text; a browser without voices (or without speechSynthesis) is told so; under reduced motion the
// presenter stays still while the highlight moves.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { useUserStore } from '../../src/stores/user-store';
import { splitSentences } from '../../src/features/robot/components/digital-human-speech';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const COURSE = { id: 7, title: '高效学习法', cover: null, summary: '掌握番茄钟与复盘', categoryId: null, categoryName: null, publishTime: '2026-01-01T00:00:00Z', teacherName: '王老师', chapterCount: 3, lessonCount: 12, duration: 0, studyCount: 0, favourCount: 0, score: 0, labels: [] };

class FakeUtterance {
  voice: unknown = null;
  lang = '';
  rate = 1;
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onboundary: ((e: { charIndex: number }) => void) | null = null;
  constructor(readonly text: string) {}
}

const VOICES = [{ name: 'Ting-Ting', lang: 'zh-CN', voiceURI: 'zh-tt' }, { name: 'Samantha', lang: 'en-US', voiceURI: 'en-sam' }, { name: 'Thomas', lang: 'fr-FR', voiceURI: 'fr-th' }];

function stubSpeech(voices: unknown[] = VOICES) {
  const spoken: FakeUtterance[] = [];
  const speech = {
    getVoices: () => voices,
    speak: vi.fn((u: FakeUtterance) => { spoken.push(u); }),
    cancel: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  Object.defineProperty(window, 'speechSynthesis', { value: speech, configurable: true, writable: true });
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return { speech, spoken };
}

function stubReducedMotion(reduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query.includes('prefers-reduced-motion'), media: query, addEventListener: vi.fn(), removeEventListener: vi.fn(),
    addListener: vi.fn(), removeListener: vi.fn(), onchange: null, dispatchEvent: vi.fn(),
  }));
  window.matchMedia = globalThis.matchMedia;
}

const TEXT = '今天学习番茄工作法。每次专注二十五分钟！然后休息五分钟。';
const previousAdapter = apiClient.defaults.adapter;
/** What POST /cm/api/ai/speech answers next: audio, or a refusal. */
let speechAnswer: unknown = null;
const speechBodies: unknown[] = [];
const previousMatchMedia = window.matchMedia;

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = (config.url ?? '').split('?')[0]!;
    if (url === '/cm/api/ai/capabilities') return { data: ok({ tts: true, needs: {} }), status: 200, statusText: 'OK', headers: {}, config, request: {} };
    if (url === '/cm/api/ai/credits/balance') return { data: ok({ balance: 3, prices: { answer: 1, image: 4, application: 2, writing: 2, speech: 1 }, welcomeGrant: 50, dailyFreeAnswers: 0, freeAnswersLeft: 0 }), status: 200, statusText: 'OK', headers: {}, config, request: {} };
    if (url === '/cm/api/ai/speech') {
      speechBodies.push(JSON.parse(String(config.data)));
      return { data: speechAnswer, status: 200, statusText: 'OK', headers: {}, config, request: {} };
    }
    const data = url === '/cm/api/course/search' ? ok({ list: [COURSE], total: 1, pageNo: 1, pageSize: 8 })
      : url === '/cm/api/content/search' ? ok({ list: [], total: 0, pageNo: 1, pageSize: 8 }) : ok(0);
    return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  vi.unstubAllGlobals();
  window.matchMedia = previousMatchMedia;
  Reflect.deleteProperty(window, 'speechSynthesis');
  useUserStore.getState().signOut(false);
  resetApp();
});

async function typeText(text = TEXT) {
  const box = await screen.findByRole('textbox', { name: '讲解文字' }, { timeout: 5000 });
  fireEvent.change(box, { target: { value: text } });
}
const highlighted = () => screen.getAllByTestId('dh-sentence').findIndex((s) => s.getAttribute('aria-current') === 'true');

describe('digital human', { timeout: 20_000 }, () => {
  it('splits sentences after Chinese and English stops', () => {
    expect(splitSentences(TEXT).map((s) => s.text)).toEqual(['今天学习番茄工作法。', '每次专注二十五分钟！', '然后休息五分钟。']);
    expect(splitSentences('Read it. Then rest! Done').map((s) => s.text)).toEqual(['Read it. ', 'Then rest! ', 'Done']);
  });

  it('highlights the sentence being read as boundaries arrive, and the mouth opens with them', async () => {
    stubReducedMotion(false);
    const { speech, spoken } = stubSpeech();
    renderRoutes('/robot/digital_human');
    await typeText();
    await userEvent.setup().click(screen.getByTestId('dh-play'));
    expect(speech.speak).toHaveBeenCalledTimes(1);
    const u = spoken[0]!;
    expect(u.text).toBe(TEXT);
    act(() => u.onstart!());
    expect(highlighted()).toBe(0);
    act(() => u.onboundary!({ charIndex: TEXT.indexOf('每次') + 2 }));
    expect(highlighted()).toBe(1);
    expect(screen.getByTestId('dh-status')).toHaveTextContent('正在讲解：第 2 / 3 句');
    expect(screen.getByTestId('dh-avatar').dataset.mouth).toBe('open');
    expect(screen.getByTestId('dh-avatar').dataset.talking).toBe('true');
    act(() => u.onboundary!({ charIndex: TEXT.indexOf('然后') }));
    expect(highlighted()).toBe(2);
    act(() => u.onend!());
    expect(highlighted()).toBe(-1);
    expect(screen.getByTestId('dh-play')).toBeInTheDocument();
  });

  it('pauses, resumes and stops; a new speed goes on from the current sentence', async () => {
    stubReducedMotion(false);
    const { speech, spoken } = stubSpeech();
    renderRoutes('/robot/digital_human');
    await typeText();
    const u = userEvent.setup();
    await u.click(screen.getByTestId('dh-play'));
    act(() => spoken[0]!.onstart!());
    act(() => spoken[0]!.onboundary!({ charIndex: TEXT.indexOf('每次') }));
    await u.click(screen.getByTestId('dh-pause'));
    expect(speech.pause).toHaveBeenCalled();
    expect(screen.getByTestId('dh-status')).toHaveTextContent('已暂停：第 2 / 3 句');
    await u.click(screen.getByTestId('dh-resume'));
    expect(speech.resume).toHaveBeenCalled();
    // The speed slider: one step right is 1.25×, read on from sentence 2.
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39, which: 39 });
    expect(document.getElementById('dh-speed-label')).toHaveTextContent('语速: 1.25×');
    await waitFor(() => expect(spoken).toHaveLength(2));
    expect(spoken[1]!.rate).toBe(1.25);
    expect(spoken[1]!.text).toBe('每次专注二十五分钟！然后休息五分钟。');
    // The first utterance's late end is stale: it does not stop the new reading.
    act(() => spoken[0]!.onend!());
    act(() => spoken[1]!.onboundary!({ charIndex: 0 }));
    expect(highlighted()).toBe(1);
    await u.click(screen.getByTestId('dh-stop'));
    expect(speech.cancel).toHaveBeenCalled();
    expect(highlighted()).toBe(-1);
  });

  it('reads a picked course\'s description', async () => {
    stubReducedMotion(false);
    stubSpeech();
    renderRoutes('/robot/digital_human');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('combobox', { name: '从本站选择' }, { timeout: 5000 }));
    await u.click(await screen.findByText('课程 · 高效学习法'));
    expect(screen.getByRole('textbox', { name: '讲解文字' })).toHaveValue('高效学习法。掌握番茄钟与复盘。本课程共 3 章 12 节，由王老师讲授。');
    expect(screen.getAllByTestId('dh-sentence')).toHaveLength(3);
  });

  it('offers only Chinese and English voices, and says plainly when there are none or no speech at all', async () => {
    stubReducedMotion(false);
    stubSpeech();
    renderRoutes('/robot/digital_human');
    await userEvent.setup().click(await screen.findByRole('combobox', { name: '声音' }, { timeout: 5000 }));
    expect(await screen.findByText('Ting-Ting (zh-CN)')).toBeInTheDocument();
    expect(screen.getByText('Samantha (en-US)')).toBeInTheDocument();
    expect(screen.queryByText('Thomas (fr-FR)')).toBeNull();
    cleanup();
    stubSpeech([VOICES[2]]);
    renderRoutes('/robot/digital_human');
    expect(await screen.findByTestId('dh-no-voices', {}, { timeout: 5000 })).toHaveTextContent('当前浏览器没有可用的中文或英文语音');
    expect(screen.getByTestId('dh-play')).toBeDisabled();
    cleanup();
    Reflect.deleteProperty(window, 'speechSynthesis');
    renderRoutes('/robot/digital_human');
    expect(await screen.findByTestId('dh-no-speech', {}, { timeout: 5000 })).toHaveTextContent('当前浏览器不支持语音朗读');
  });

  it('keeps the presenter still under reduced motion while the highlight follows the voice', async () => {
    stubReducedMotion(true);
    const { spoken } = stubSpeech();
    renderRoutes('/robot/digital_human');
    await typeText();
    await userEvent.setup().click(screen.getByTestId('dh-play'));
    act(() => spoken[0]!.onstart!());
    act(() => spoken[0]!.onboundary!({ charIndex: TEXT.indexOf('然后') }));
    expect(highlighted()).toBe(2);
    expect(screen.getByTestId('dh-avatar').dataset.mouth).toBe('closed');
    expect(screen.getByTestId('dh-avatar').dataset.talking).toBe('false');
    expect(screen.getByText(/减少动态效果/)).toBeInTheDocument();
  });

  it('reads with the tenant\'s AI voice when signed in, shows its cost, and links to top-up when credits run out', async () => {
    stubReducedMotion(false);
    stubSpeech();
    const played: string[] = [];
    vi.stubGlobal('Audio', class {
      playbackRate = 1; currentTime = 0; duration = 0; onended: (() => void) | null = null; ontimeupdate: (() => void) | null = null;
      constructor(readonly src: string) { played.push(src); }
      play() { return Promise.resolve(); }
      pause() {}
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:audio-1', revokeObjectURL: () => undefined }));
    useUserStore.getState().signIn(1001, learnerSession);
    speechAnswer = ok({ mime: 'audio/mpeg', audio: btoa('mp3'), cost: 1, balance: 2 });
    renderRoutes('/robot/digital_human');
    await typeText();
    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: '声音' }));
    await u.click(await screen.findByText('AI 服务语音'));
    expect(await screen.findByTestId('credits-cost')).toHaveTextContent('本次消耗 1 点 · 余额 3 点');
    await u.click(screen.getByTestId('dh-play'));
    await waitFor(() => expect(played).toEqual(['blob:audio-1']));
    expect(speechBodies.at(-1)).toMatchObject({ text: TEXT, lang: 'zh' });
    expect(await screen.findByTestId('dh-pause')).toBeInTheDocument();
    await u.click(screen.getByTestId('dh-stop'));
    speechAnswer = { success: false, code: 402, flag: -1, message: 'AI 点数不足：本次需要 1 点，余额 0 点。请先充值。', data: null, errorCode: 'AI_CREDITS_EXHAUSTED' };
    await u.click(screen.getByTestId('dh-play'));
    const refused = await screen.findByTestId('credits-exhausted');
    expect(refused).toHaveTextContent('AI 点数不足：本次需要 1 点，余额 0 点。');
    expect(refused.querySelector('a')?.getAttribute('href')).toBe('/robot/goRecharge');
  });

  it('keeps reading where scrollIntoView returns a promise (newer Chromium; the page crashed when the effect returned it)', async () => {
    stubReducedMotion(false);
    const { spoken } = stubSpeech();
    const scroll = vi.fn(() => Promise.resolve());
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scroll, configurable: true, writable: true });
    try {
      renderRoutes('/robot/digital_human');
      await typeText();
      await userEvent.setup().click(screen.getByTestId('dh-play'));
      act(() => spoken[0]!.onstart!());
      act(() => spoken[0]!.onboundary!({ charIndex: TEXT.indexOf('每次') }));
      act(() => spoken[0]!.onboundary!({ charIndex: TEXT.indexOf('然后') }));
      expect(scroll).toHaveBeenCalled();
      expect(highlighted()).toBe(2);
      expect(screen.getByTestId('dh-pause')).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
    }
  });
});
