// English names for the Chinese demo catalogues' topics and document titles, for the seeded PDFs:
// the standard PDF fonts have no CJK glyphs (server/lib/pdf.ts), so a Chinese document's PDF is
// titled and written in English (seed-documents.ts).
import { fill } from './seed-catalogue-vocab';

/** Course topics of the zh academy (1001) and the school (1533), in English. */
const TOPICS: Record<string, string> = {
  小程序开发: 'mini-program development', 'Excel 数据透视': 'Excel pivot tables', 'SQL 查询': 'SQL queries',
  'Python 数据处理': 'Python for data', 'Power BI 报表': 'Power BI reports', 大模型应用: 'large language model applications',
  提示词工程: 'prompt engineering', 'AI 办公': 'AI at the office', 机器学习入门: 'machine learning basics', 深度学习: 'deep learning',
  数据标注: 'data labelling', 高效沟通: 'effective communication', 商务写作: 'business writing', 演讲与呈现: 'presentations',
  跨部门协作: 'cross-team collaboration', 时间管理: 'time management', 目标管理: 'goal setting', 专注力训练: 'focus training',
  'PPT 设计': 'slide design', 'Excel 函数': 'Excel formulas', 'Word 排版': 'Word layout', 思维导图: 'mind mapping',
  团队建设: 'team building', 绩效面谈: 'performance reviews', 教练式辅导: 'coaching', 项目管理: 'project management',
  敏捷开发: 'agile delivery', 风险管理: 'risk management', 战略解码: 'strategy deployment', 商业模式: 'business models',
  数字化转型: 'digital transformation', 财务报表: 'financial statements', 成本控制: 'cost control', 预算管理: 'budgeting',
  增值税实务: 'VAT in practice', 个人所得税: 'personal income tax', 发票管理: 'invoice management',
  古诗词鉴赏: 'classical Chinese poetry', 现代文阅读: 'modern Chinese reading', 作文写作: 'essay writing',
  文言实词: 'classical Chinese vocabulary', 文言句式: 'classical Chinese sentence patterns', 一元一次方程: 'linear equations',
  函数初步: 'introduction to functions', 不等式: 'inequalities', 三角形: 'triangles', 几何证明: 'geometry proofs',
  英语听力: 'English listening', 口语表达: 'speaking', 英语语法: 'English grammar', 英语阅读: 'English reading',
  力与运动: 'force and motion', 电路基础: 'basic circuits', 化学启蒙: 'first steps in chemistry', 化学实验: 'chemistry experiments',
};

/** Title patterns of documents ({t}: the topic), Chinese to English. */
const PATTERNS: Record<string, string> = {
  '{t}操作手册': '{t} handbook', '{t}知识卡片': '{t} cheat sheet', '{t}白皮书': '{t} white paper', '{t}常见问题汇编': '{t} FAQ',
  '{t}最佳实践': '{t} best practices', '{t}学习资料包': '{t} resource pack', '{t}参考模板': '{t} templates', '{t}精选文章': '{t} reading list',
  '{t}知识清单': '{t} checklist', '{t}易错点': 'Common {t} mistakes', '{t}预习学案': '{t} preview sheet', '{t}课后练习': '{t} exercises',
};

/** A Chinese title's topic and title in English, when the topic is known (else undefined). */
export function englishTitle(title: string): { topic: string; title: string } | undefined {
  const zh = Object.keys(TOPICS).sort((a, b) => b.length - a.length).find((t) => title.includes(t))
    ?? ['Vue 3', 'React', 'TypeScript'].find((t) => title.includes(t));
  if (!zh) return undefined;
  const topic = TOPICS[zh] ?? zh;
  const pattern = PATTERNS[title.replace(zh, '{t}')];
  return { topic, title: fill(pattern ?? '{t}: study notes', { t: topic }) };
}
