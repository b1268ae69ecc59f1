// The assistant's answer (docs/decisions.md "The AI assistant answers from the tenant's material"):
// a short answer built from the best help article's text, or, without one, a pointer to the
// catalogue items found, or an honest "not found". Optionally an OpenAI-compatible provider
// rewrites it from the same material (robot-provider.ts).
import type { RobotLink } from '../../../schemas/api/cm/robot';
import type { HelpMatch, Retrieved } from './robot-retrieval';

export type Lang = 'zh' | 'en';

/** The longest answer built from a help article, in characters (the article link has the rest). */
export const ANSWER_CHARS = 360;

const TEXTS = {
  zh: {
    from: (title: string) => `根据帮助文章《${title}》：`,
    more: '完整步骤见下方的帮助文章链接。',
    related: '下面这些内容可能对你有帮助：',
    noHelp: '帮助中心里没有直接回答这个问题的文章，下面这些内容可能对你有帮助：',
    none: '抱歉，我在本站的帮助和课程里没有找到与这个问题相关的内容。你可以换个说法再问，或者到帮助中心看看。',
    helpCenter: '帮助中心',
  },
  en: {
    from: (title: string) => `From the help article "${title}":`,
    more: 'The full steps are in the help article linked below.',
    related: 'These may also help:',
    noHelp: 'No help article answers this directly, but these may help:',
    none: 'Sorry, I could not find anything about this in the help center or the catalogue. Try asking in other words, or browse the help center.',
    helpCenter: 'Help center',
  },
} as const;

/** The article's lines, whole lines only, up to ANSWER_CHARS (a first line longer than that is cut at a sentence end). */
export function shortText(help: HelpMatch, max = ANSWER_CHARS): { text: string; cut: boolean } {
  const out: string[] = [];
  let used = 0;
  for (const line of help.lines) {
    if (used + line.length > max) {
      if (!out.length) {
        const head = [...line].slice(0, max).join('');
        const stop = Math.max(head.lastIndexOf('。'), head.lastIndexOf('. '), head.lastIndexOf('；'));
        out.push(stop > max / 3 ? head.slice(0, stop + 1) : `${head}…`);
      }
      return { text: out.join('\n'), cut: true };
    }
    out.push(line);
    used += line.length;
  }
  return { text: out.join('\n'), cut: false };
}

/** The answer built from what was found, and the links it shows. */
export function retrievalAnswer(found: Retrieved, lang: Lang): { answer: string; links: RobotLink[] } {
  const t = TEXTS[lang];
  if (found.help) {
    const { text, cut } = shortText(found.help);
    const parts = [t.from(found.help.title), text];
    if (cut) parts.push(t.more);
    return { answer: parts.join('\n'), links: found.links };
  }
  if (found.links.length) return { answer: t.noHelp, links: found.links };
  return { answer: t.none, links: [{ kind: 'helpCenter', id: null, title: t.helpCenter, purpose: null }] };
}

/** The material a provider may answer from: the help article's text and the found items' titles. */
export function materialOf(found: Retrieved, lang: Lang): string | null {
  if (!found.help && !found.links.length) return null;
  const parts: string[] = [];
  if (found.help) parts.push(`${lang === 'zh' ? '帮助文章' : 'Help article'}《${found.help.title}》\n${found.help.lines.join('\n').slice(0, 3000)}`);
  const items = found.links.filter((l) => l.kind !== 'help' || l.id !== found.help?.id);
  if (items.length) parts.push(`${lang === 'zh' ? '相关内容' : 'Related items'}:\n${items.map((l) => `- [${l.kind}] ${l.title}`).join('\n')}`);
  return parts.join('\n\n');
}
