// The AI provider's words for pages (issue 21 part A; docs/ai.md A): what each missing capability
// needs, and the test call's report. Chinese and English (acme and en pages).
import { NOT_CONFIGURED } from '../../lib/ai/offline';

type Lang = 'zh' | 'en';

const OFFLINE_CHAT = {
  zh: '当前为离线模式：回答由本站资料按规则整理，不经过 AI 模型。管理员在「AI 服务设置」中配置对话模型后可获得 AI 生成的回答。',
  en: 'Offline mode: answers are put together by rules from this site\'s material, without an AI model. An administrator can set up a chat model in "AI service settings" for AI-written answers.',
};

/** For each capability, null when it works, else the sentence a page shows. */
export function capabilityNeeds(has: { images: boolean; embeddings: boolean; tts: boolean }, model: boolean, lang: Lang) {
  return {
    chat: model ? null : OFFLINE_CHAT[lang],
    images: has.images ? null : NOT_CONFIGURED.images[lang],
    embeddings: has.embeddings ? null : NOT_CONFIGURED.embeddings[lang],
    tts: has.tts ? null : NOT_CONFIGURED.tts[lang],
  };
}

export const TEST_TEXTS = {
  zh: {
    noUrl: '未填写服务地址：AI 区域使用离线模式（或运维配置的默认服务）。',
    addressOk: (host: string) => `服务地址 ${host} 可以使用。`,
    modelsListed: (n: number) => `模型列表可以读取（共 ${n} 个）。`,
    modelsMissing: (names: string[]) => `模型列表里没有：${names.join('、')}，请核对模型名称。`,
    modelsNone: '该服务不提供模型列表（不影响使用）。',
    noChatModel: '未填写对话模型，未测试对话。',
    chatOk: (model: string, ms: number, text: string) => `对话模型 ${model} 已回答（${ms} 毫秒）：「${text}」`,
    chatEmpty: (model: string) => `对话模型 ${model} 没有返回文字。`,
    embedOk: (model: string, dims: number) => `向量模型 ${model} 可用（${dims} 维）。`,
  },
  en: {
    noUrl: 'No service address: the AI area uses the offline mode (or the operator\'s default service).',
    addressOk: (host: string) => `The service address ${host} can be used.`,
    modelsListed: (n: number) => `The models list can be read (${n} models).`,
    modelsMissing: (names: string[]) => `The models list does not have: ${names.join(', ')}; check the model names.`,
    modelsNone: 'This service has no models list (it still works without one).',
    noChatModel: 'No chat model entered, so chat was not tried.',
    chatOk: (model: string, ms: number, text: string) => `The chat model ${model} answered (${ms} ms): "${text}"`,
    chatEmpty: (model: string) => `The chat model ${model} answered no text.`,
    embedOk: (model: string, dims: number) => `The embedding model ${model} works (${dims} dimensions).`,
  },
} as const;

/** The prompt of the test chat call: short, so it costs next to nothing. */
export const TEST_PROMPT = {
  zh: '这是一条连接测试，请只回复「连接成功」。',
  en: 'This is a connection test; reply with "Connected" only.',
} as const;
