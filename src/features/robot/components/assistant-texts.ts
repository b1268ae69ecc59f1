// Texts of issue 21 part D's assistants page (/robot/assistant), zh and en.
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    title: 'AI 助手',
    intro: '每个助手擅长不同的事情，并且只在它负责的资料范围里查找答案。选一个开始对话吧。',
    loadFailed: '加载失败：{{message}}',
    retry: '重试',
    empty: '这里还没有可用的助手，请稍后再来，或联系管理员添加。',
    start: '开始对话',
    startWith: '用「{{question}}」开始对话',
    back: '全部助手',
    greeting: '开场白',
    examples: '可以这样问',
    kinds: '查找范围：',
    kind_course: '课程',
    kind_subject: '专题',
    kind_content: '资料',
    kind_help: '帮助',
    kind_product: '商品',
    kind_exam: '考试',
    applications: '基于这个助手的应用',
    noApplications: '这个助手还没有应用。',
    allApplications: '全部应用',
    notFound: '这个助手不存在或已停用。',
    avatar: '{{name}} 的头像',
  },
  en: {
    title: 'AI assistants',
    intro: 'Each assistant is good at something different and looks for answers only in its own part of the catalogue. Pick one to start a chat.',
    loadFailed: 'Could not load: {{message}}',
    retry: 'Retry',
    empty: 'No assistant is available yet; please come back later or ask an administrator to add one.',
    start: 'Start a chat',
    startWith: 'Start a chat with "{{question}}"',
    back: 'All assistants',
    greeting: 'Greeting',
    examples: 'Try asking',
    kinds: 'Searches:',
    kind_course: 'Courses',
    kind_subject: 'Subjects',
    kind_content: 'Materials',
    kind_help: 'Help',
    kind_product: 'Products',
    kind_exam: 'Exams',
    applications: 'Applications on this assistant',
    noApplications: 'This assistant has no applications yet.',
    allApplications: 'All applications',
    notFound: 'This assistant does not exist or is disabled.',
    avatar: 'Avatar of {{name}}',
  },
} as const;

/** The `aiAssistant` namespace (docs/i18n.md), registered when the page's chunk loads. */
export const ASSISTANT_TEXTS = defineTexts('aiAssistant', TEXTS);

export const useAssistantTexts = () => useTexts(ASSISTANT_TEXTS);
