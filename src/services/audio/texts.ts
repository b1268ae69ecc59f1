// The floating player's texts (zh default, en). 播放列表为空 and 暂无播放 are the spec's words
// (spec shell §4, learning §4).
import { defineTexts, useTexts } from '../../i18n/texts';

const TEXTS = {
  zh: {
    signInToListen: '登录后即可收听',
    player: '音频播放器',
    play: '播放',
    pause: '暂停',
    prev: '上一首',
    next: '下一首',
    mode0: '列表循环',
    mode1: '单曲循环',
    mode2: '随机播放',
    modeHint: '播放模式：{{mode}}，点击切换',
    volume: '音量',
    progress: '播放进度',
    playlist: '播放列表',
    playlistCount: '播放列表（{{n}}）',
    emptyList: '播放列表为空',
    noTitle: '暂无播放',
    remove: '移出列表：{{title}}',
    close: '关闭播放器',
    finished: '已学完',
    openDetail: '打开详情：{{title}}',
  },
  en: {
    signInToListen: 'Sign in to listen to this audio.',
    player: 'Audio player',
    play: 'Play',
    pause: 'Pause',
    prev: 'Previous',
    next: 'Next',
    mode0: 'Loop list',
    mode1: 'Repeat one',
    mode2: 'Shuffle',
    modeHint: 'Play mode: {{mode}}; click to change',
    volume: 'Volume',
    progress: 'Position',
    playlist: 'Playlist',
    playlistCount: 'Playlist ({{n}})',
    emptyList: 'The playlist is empty',
    noTitle: 'Nothing playing',
    remove: 'Remove from the list: {{title}}',
    close: 'Close the player',
    finished: 'Finished',
    openDetail: 'Open the details: {{title}}',
  },
};

/** The `audio` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('audio', TEXTS);

export type PlayerText = keyof typeof TEXTS.zh;

export const usePlayerTexts = () => useTexts(NAMESPACE);
