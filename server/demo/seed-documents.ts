import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildTextPdf, type BuiltPdf } from './pdf';
import { hashText, Rng, type CataloguePlan, type PlanCourse } from './seed-catalogue-plan';
import { fill, type AcademyVocab, type CategorySpec } from './seed-catalogue-vocab';
import { lessonName } from './seed-lessons';

// The texts of the demo catalogue's documents: every article-kind content (and article chapter)
// gets an HTML document and every pdf-kind content a small real PDF, in the upload dir next to
// the covers (seed/docs/{tenantId}/), so the detail pages have something to read and to record
// reading time on (issue 7: "real small media files generated at seed time"). Help articles keep
// their own texts (seed-help.ts). Each text is drawn from its own generator seeded by the content,
// never from the plan's, so attaching documents changes no other seeded row. Every document is in
// the tenant's language, PDFs included (a Chinese PDF is set in the standard CJK font,
// server/demo/pdf.ts), and a course's handout is its own outline (issue 13 point 10).

/** Where a seeded document lives: its site path and its upload-dir file. */
export function documentPath(tenantId: number, name: string, ext: 'html' | 'pdf'): { url: string; file: string } {
  const file = `seed/docs/${tenantId}/${name}.${ext}`;
  return { url: `/uploads/${file}`, file };
}

const PREFIX = (tenantId: number) => `/uploads/seed/docs/${tenantId}/`;

/**
 * Points every article and pdf content of a plan without media (and every article part) at its
 * seeded document; a content with article parts opens its first chapter. Every shared article and
 * news item gets its text too, and every course a handout PDF. Uses no random numbers.
 */
export function attachDocuments(plan: CataloguePlan, handoutName: (courseTitle: string) => string = (t) => `${t}.pdf`): void {
  for (const content of plan.contents) {
    if (content.mediaUrl !== null || (content.kind !== 'article' && content.kind !== 'pdf')) continue;
    content.parts.forEach((part, i) => {
      if (part.kind === 'article' && !part.mediaUrl) part.mediaUrl = documentPath(plan.tenantId, `${content.key}-${i + 1}`, 'html').url;
    });
    const first = content.parts.find((p) => p.mediaUrl?.startsWith(PREFIX(plan.tenantId)));
    content.mediaUrl = first?.mediaUrl ?? documentPath(plan.tenantId, content.key, content.kind === 'pdf' ? 'pdf' : 'html').url;
  }
  // Shared articles and news (/share/article/detail/{id}) get a text too.
  plan.articles.forEach((article, i) => {
    article.bodyUrl ??= documentPath(plan.tenantId, `article-${i + 1}`, 'html').url;
  });
  // Every course comes with a handout (its attachment, GET /cm/api/attachment/search).
  for (const course of plan.courses) {
    course.handout ??= { name: handoutName(course.title), url: documentPath(plan.tenantId, `${course.key}-handout`, 'pdf').url };
  }
}

/** Every course topic of a vocabulary, longest first (so "SQL 查询" wins over "SQL"). */
function topicsOf(vocab: AcademyVocab): string[] {
  const walk = (specs: CategorySpec[]): string[] => specs.flatMap((s) => [...(s.topics ?? []), ...walk(s.children ?? [])]);
  return [...new Set(walk(vocab.trees.course))].sort((a, b) => b.length - a.length);
}

/** The topic a title is about: the course topic it names, or the title itself. */
function topicOf(title: string, vocab: AcademyVocab, quote: boolean): { t: string; known: boolean } {
  const t = topicsOf(vocab).find((topic) => title.toLowerCase().includes(topic.toLowerCase()));
  if (t) return { t, known: true };
  return { t: !quote ? title : vocab.locale === 'zh' ? `《${title}》` : `"${title}"`, known: false };
}

/** Paragraph patterns ({t}: the topic) by language and place in the text. */
const PROSE = {
  zh: {
    open: ['学习{t}之前，先弄清楚它要解决什么问题：在日常工作中，哪些环节最费时间、最容易出错？带着问题去读，收获会大得多。',
      '很多同事第一次接触{t}时，会被各种术语吓到。其实它的核心思路并不复杂，本文按“概念—方法—练习”的顺序，帮你建立一个清晰的框架。',
      '{t}不是一次就能学会的技能，而是在反复实践中逐步熟练的能力。下面的内容适合利用碎片时间阅读，每一节都可以单独回看。'],
    body: ['掌握{t}的关键，是把大的目标拆成小的步骤。每完成一步，就停下来检查结果是否符合预期，再进入下一步，这样出了问题也能很快定位。',
      '在实际项目中应用{t}时，建议先从一个小范围的试点开始，积累经验后再推广。试点过程中记录下遇到的问题和解决办法，它们会成为团队共享的知识。',
      '常见的误区是只看不练。读完一节后，花十分钟用自己的例子把方法走一遍，比多读三篇文章更有效。',
      '与同事交流也是学习{t}的好办法。把你的做法讲给别人听，对方的提问往往能暴露你理解不到位的地方。',
      '遇到困难时，回到基本概念往往比寻找技巧更有用。把问题写下来，逐条对照前面讲过的原则，多数情况下答案就在其中。'],
    close: ['读到这里，你已经了解了{t}的基本思路。接下来，挑一个手头的真实任务试一试，并在一周后回顾效果。',
      '学习是一个持续的过程。建议把本文加入收藏，在下一次用到{t}时再读一遍，你会有新的体会。'],
    list: ['先明确目标，再选择方法', '每一步都留下可检查的结果', '用真实案例练习，而不是只看示例', '定期复盘，把经验写成清单'],
    listIntro: '要点回顾：',
  },
  en: {
    open: ['Before you study {t}, be clear about the problem it solves: which parts of your week take the most time, and where do mistakes creep in? Reading with a question in mind makes everything stick.',
      'Many people meet {t} for the first time and feel lost in the jargon. The core idea is simpler than it looks; this piece follows a concept, method, practice order to give you a clear frame.',
      '{t} is not learned in one sitting; it grows with practice. Each section below stands on its own, so you can read it between meetings and come back later.'],
    body: ['The key to {t} is breaking a large goal into small steps. After each step, check the result against what you expected before moving on, so a problem is easy to find.',
      'When you apply {t} to a real project, start with a small pilot and widen it once it works. Note the problems you hit and how you solved them: that becomes knowledge the whole team can use.',
      'A common trap is reading without practising. After each section, spend ten minutes running the method on an example of your own; it beats reading three more articles.',
      'Talking with colleagues is another good way to learn {t}. Explain your approach to someone else: their questions show where your understanding is thin.',
      'When you are stuck, going back to the basic ideas helps more than hunting for tricks. Write the problem down and check it against the principles above; the answer is usually there.'],
    close: ['You now have the basic shape of {t}. Next, pick a real task from your own work, try the method, and review the result a week later.',
      'Learning is a habit, not an event. Save this article and read it again the next time you use {t}; you will notice new things.'],
    list: ['Set the goal first, then choose the method', 'Leave a result you can check after every step', 'Practise on real cases, not only on examples', 'Review regularly and turn lessons into checklists'],
    listIntro: 'Key points:',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The body of a text document as blocks: `## ` headings, `- ` list items and paragraphs. */
function documentBlocks(title: string, vocab: AcademyVocab, seed: string, locale: 'zh' | 'en', quote = true): string[] {
  const rng = new Rng(hashText(seed));
  const { t, known } = topicOf(title, vocab, quote);
  const prose = PROSE[locale];
  const f = (pattern: string) => fill(pattern, { t });
  const inner = vocab.chapters.slice(1, -1);
  const middle = rng.sample(inner, 2).sort((a, b) => inner.indexOf(a) - inner.indexOf(b));
  const bodies = rng.sample(prose.body, rng.int(2, 4));
  const blocks = [`## ${vocab.chapters[0]}`, f(rng.pick(prose.open))];
  if (known && locale === vocab.locale) blocks.push(f(rng.pick(vocab.summaries.course)));
  blocks.push(`## ${middle[0]}`, f(bodies[0]!), f(bodies[1]!), prose.listIntro);
  const items = known && locale === vocab.locale ? rng.sample(vocab.lessons, 4).map(f) : rng.sample(prose.list, 3);
  blocks.push(...items.map((item) => `- ${item}`));
  blocks.push(`## ${middle[1]}`, ...bodies.slice(2).map(f), `## ${vocab.chapters[vocab.chapters.length - 1]}`, f(rng.pick(prose.close)));
  return blocks;
}

/** The HTML text of a seeded article: headings, 4 to 8 paragraphs and a list, in the tenant's language. */
export function articleDocument(title: string, vocab: AcademyVocab, seed: string): string {
  const html: string[] = [];
  let list: string[] = [];
  const flushList = () => { if (list.length) html.push(`<ul>${list.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`); list = []; };
  for (const block of documentBlocks(title, vocab, seed, vocab.locale)) {
    if (block.startsWith('- ')) { list.push(block.slice(2)); continue; }
    flushList();
    html.push(block.startsWith('## ') ? `<h2>${escapeHtml(block.slice(3))}</h2>` : `<p>${escapeHtml(block)}</p>`);
  }
  flushList();
  return html.join('\n');
}

/** The PDF of a seeded document, in the tenant's language: its title, the demo subtitle and a page or two of study text. */
export function pdfDocument(title: string, vocab: AcademyVocab, seed: string): BuiltPdf {
  const zh = vocab.locale === 'zh';
  return buildTextPdf({
    title,
    subtitle: zh ? '学习平台示例文档' : 'Study portal demo document',
    blocks: documentBlocks(title, vocab, seed, vocab.locale).map((b) => (zh ? b.replace('本文', '本文档') : b.replace('this article', 'this document'))),
    script: zh ? 'cjk' : 'latin',
  });
}

/** A course's handout: its summary, then its chapters with their lessons, and how to study it; in the tenant's language. */
export function handoutDocument(plan: CataloguePlan, course: PlanCourse, vocab: AcademyVocab): BuiltPdf {
  const zh = vocab.locale === 'zh';
  const teacher = plan.teachers.find((t) => t.key === course.teacherKey);
  const { t } = topicOf(course.title, vocab, false);
  const close = PROSE[vocab.locale].close;
  return buildTextPdf({
    title: zh ? `${course.title}·课程讲义` : `${course.title}: course handout`,
    subtitle: teacher ? (zh ? `主讲：${teacher.name}（${teacher.title}）` : `Taught by ${teacher.name}, ${teacher.title}`) : undefined,
    blocks: [
      zh ? '## 课程简介' : '## About this course', course.summary,
      ...course.phases.flatMap((phase) => [`## ${phase.title}`, ...phase.lessons.map((lesson) => `- ${lessonName(lesson.title)}`)]),
      zh ? '## 学习建议' : '## How to study', fill(close[hashText(course.key) % close.length]!, { t }),
    ],
    script: zh ? 'cjk' : 'latin',
  });
}

/** The seeded documents of a plan, as [upload-dir file, bytes or text]. */
export function planDocuments(plan: CataloguePlan, vocab: AcademyVocab): [string, string | Buffer][] {
  const prefix = PREFIX(plan.tenantId);
  const out: [string, string | Buffer][] = [];
  const add = (url: string | null | undefined, title: string, pdf: boolean) => {
    if (!url?.startsWith(prefix)) return;
    out.push([url.slice('/uploads/'.length), pdf ? pdfDocument(title, vocab, url).bytes : articleDocument(title, vocab, url)]);
  };
  for (const c of plan.contents) {
    const own = c.parts.every((p) => p.mediaUrl !== c.mediaUrl);
    if (own) add(c.mediaUrl, c.title, c.kind === 'pdf');
    c.parts.forEach((p) => add(p.mediaUrl, c.title, false));
  }
  for (const a of plan.articles) add(a.bodyUrl, a.title, false);
  for (const c of plan.courses) if (c.handout?.url.startsWith(prefix)) out.push([c.handout.url.slice('/uploads/'.length), handoutDocument(plan, c, vocab).bytes]);
  return out;
}

/** The HTML documents of a plan by site path (the PDFs left out), as planDocuments writes them. */
export function planArticleTexts(plan: CataloguePlan, vocab: AcademyVocab): Map<string, string> {
  const prefix = PREFIX(plan.tenantId);
  const out = new Map<string, string>();
  const add = (url: string | null | undefined, title: string) => {
    if (url?.startsWith(prefix) && url.endsWith('.html')) out.set(url, articleDocument(title, vocab, url));
  };
  for (const c of plan.contents) {
    if (c.kind !== 'pdf') add(c.mediaUrl, c.title);
    c.parts.forEach((p) => add(p.mediaUrl, c.title));
  }
  for (const a of plan.articles) add(a.bodyUrl, a.title);
  return out;
}

/** Writes the documents of a plan into the upload dir. Safe to repeat: the same plan gives the same files. */
export async function writeDocuments(uploadDir: string, plan: CataloguePlan, vocab: AcademyVocab): Promise<number> {
  const docs = planDocuments(plan, vocab);
  for (const [file, body] of docs) {
    const path = join(uploadDir, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
  }
  return docs.length;
}
