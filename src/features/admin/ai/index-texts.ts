// The `admin-ai-index` namespace (docs/i18n.md): the retrieval index's section of /sub_admin/ai.
import { defineTexts, useTexts } from '../../../i18n/texts';

const ADMIN_AI_INDEX = defineTexts('admin-ai-index', {
  zh: {
    title: '离线问答的知识索引',
    intro: '离线模式的回答来自这个索引：本站已发布的课程（含章节）、专题、资料、帮助、商品和考试。目录变化后，下一次提问会自动重建；也可以在这里立即重建，并试问一个问题看它能找到什么。',
    builtAt: '上次建立：{{at}}（用时 {{ms}} 毫秒，共 {{passages}} 个段落）', never: '尚未建立，第一次提问或点击“立即重建”时建立。',
    fresh: '与目录一致', stale: '目录已变化，下一次提问或重建时更新',
    kind: '类别', items: '条目', passages: '段落',
    kind_course: '课程', kind_subject: '专题', kind_content: '资料', kind_help: '帮助', kind_product: '商品', kind_exam: '考试',
    rebuild: '立即重建', rebuilt: '索引已重建：{{passages}} 个段落',
    tryTitle: '试问一个问题', question: '问题', questionPlaceholder: '例如：怎么开具发票？', ask: '查找', needQuestion: '请输入问题',
    answer: '离线回答', found: '找到的段落（按相关度）', nothingFound: '没有找到相关内容：这个问题的回答会建议学员换个说法或联系客服。',
    score: '相关度 {{score}}', open: '打开',
  },
  en: {
    title: 'The offline answers\' knowledge index',
    intro: 'Offline answers come from this index: this site\'s published courses (with their lessons), subjects, materials, help, products and exams. When the catalogue changes, the next question rebuilds it; you can also rebuild it now and try a question to see what it finds.',
    builtAt: 'Last built: {{at}} (took {{ms}} ms, {{passages}} passages)', never: 'Not built yet; the first question or "Rebuild now" builds it.',
    fresh: 'Matches the catalogue', stale: 'The catalogue changed; the next question or a rebuild updates it',
    kind: 'Kind', items: 'Items', passages: 'Passages',
    kind_course: 'Courses', kind_subject: 'Subjects', kind_content: 'Materials', kind_help: 'Help', kind_product: 'Products', kind_exam: 'Exams',
    rebuild: 'Rebuild now', rebuilt: 'Index rebuilt: {{passages}} passages',
    tryTitle: 'Try a question', question: 'Question', questionPlaceholder: 'e.g. How do I get an invoice?', ask: 'Search', needQuestion: 'Enter a question',
    answer: 'Offline answer', found: 'Passages found (closest first)', nothingFound: 'Nothing relevant was found: the answer to this question asks the learner to rephrase or contact support.',
    score: 'score {{score}}', open: 'Open',
  },
});

export const useAdminAiIndexTexts = () => useTexts(ADMIN_AI_INDEX);
