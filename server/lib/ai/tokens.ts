// The words of a text as the AI area matches them (docs/ai.md B): PostgreSQL has no Chinese word
// splitter here (no zhparser), so tokens are computed in TypeScript, the same way for a passage and
// a question: CJK runs as overlapping two-character pieces (bigrams), Latin text as lower-case
// words with a light plural strip. A question's terms leave out the asking words (如何, how...).
// Pure: the retrieval index (server/modules/cm/ai-index-*.ts), the offline answers and the
// assistant's older help retrieval (robot-retrieval.ts re-exports questionTerms) share it.

/** Words that say how a question is asked, not what it is about. */
const STOP_WORDS = new Set([
  '如何', '怎么', '怎样', '什么', '为什么', '哪里', '哪儿', '在哪', '可以', '我的', '请问', '一下', '是否', '能否', '能不',
  '怎么办', '么办', '办法', '有没', '没有', '是不', '不是', '应该', '我要', '我想', '想要', '需要', '这个', '那个', '一个', '吗', '呢',
  'how', 'do', 'does', 'did', 'i', 'the', 'a', 'an', 'my', 'me', 'what', 'where', 'when', 'why', 'which', 'who', 'is', 'are',
  'to', 'can', 'could', 'should', 'of', 'in', 'on', 'for', 'and', 'or', 'it', 'be', 'with', 'you', 'your', 'we', 'get', 'please',
  // issue 21 B: more asking words, so "有哪些考试" and "is there an exam about security" keep only what they are about.
  '哪些', '有哪', '有什', '些什', '这些', '那些', '哪个', '哪门', '一些', '有些', '告诉', '推荐',
  'there', 'about', 'any', 'some', 'have', 'has', 'this', 'that', 'these', 'those', 'from', 'at', 'by', 'as', 'if', 'so', 'not',
  'will', 'would', 'also', 'than', 'then', 'them', 'they', 'their', 'our', 'us', 'was', 'were', 'been', 'am', 'tell', 'want', 'need',
]);

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;

/**
 * The terms of a question: Latin words and digits as words, CJK runs as overlapping two-character
 * pieces (a run of one character as itself), with the asking words (如何, how…) left out.
 */
export function questionTerms(question: string): string[] {
  const text = question.normalize('NFKC').toLowerCase();
  const terms = new Set<string>();
  for (const run of text.match(/[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/gu) ?? []) {
    if (CJK.test(run)) {
      const chars = [...run];
      if (chars.length === 1) {
        if (!STOP_WORDS.has(run)) terms.add(run);
        continue;
      }
      for (let i = 0; i + 1 < chars.length; i += 1) {
        const pair = chars[i]! + chars[i + 1]!;
        if (!STOP_WORDS.has(pair)) terms.add(pair);
      }
    } else if (run.length >= 2 && !STOP_WORDS.has(run)) {
      terms.add(run);
    }
  }
  return [...terms];
}

const RUN = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/gu;

/** A Latin word as the index keeps it: "courses" and "course" meet; "class", "status" and "analysis" stay. */
export function normalWord(word: string): string {
  if (CJK.test(word) || word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is|os)$/.test(word)) return word;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Every token of a text in order, repeats kept (positions matter for ts_rank_cd). */
export function textTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const run of text.normalize('NFKC').toLowerCase().match(RUN) ?? []) {
    if (CJK.test(run)) {
      const chars = [...run];
      if (chars.length === 1) tokens.push(run);
      for (let i = 0; i + 1 < chars.length; i += 1) tokens.push(chars[i]! + chars[i + 1]!);
    } else if (run.length >= 2) {
      tokens.push(normalWord(run));
    }
  }
  return tokens;
}

/** The distinct terms of a question, as lexemes of the index (asking words such as 如何 and "how" left out). */
export function queryTokens(question: string): string[] {
  return [...new Set(questionTerms(question).map(normalWord))];
}

/** Highest position a tsvector keeps (PostgreSQL caps positions at 16383). */
const MAX_POSITION = 16383;

/**
 * A tsvector literal of a passage: its title's tokens weighted A, its body's weighted D, with
 * positions. The lexemes are only digits, Latin letters and CJK characters (the tokenizer keeps
 * nothing else), and quotes are escaped anyway; the literal travels as a bound parameter cast to
 * tsvector, never spliced into SQL.
 */
export function tsvectorLiteral(title: string, body: string): string {
  const positions = new Map<string, string[]>();
  let at = 0;
  const add = (tokens: string[], weight: 'A' | 'D') => {
    for (const token of tokens) {
      at += 1;
      if (at > MAX_POSITION) return;
      const list = positions.get(token) ?? [];
      // A lexeme keeps at most 256 positions in a tsvector.
      if (list.length < 256) list.push(`${at}${weight === 'A' ? 'A' : ''}`);
      positions.set(token, list);
    }
  };
  add(textTokens(title), 'A');
  at += 1;
  add(textTokens(body), 'D');
  return [...positions].map(([lexeme, list]) => `'${lexeme.replace(/['\\]/g, (c) => `\\${c}`)}':${list.join(',')}`).join(' ');
}

/** A tsquery literal that matches any of the terms (OR), or null when there is none. */
export function anyTermQuery(terms: readonly string[]): string | null {
  const safe = terms.filter((t) => t.length > 0);
  if (!safe.length) return null;
  return safe.map((t) => `'${t.replace(/['\\]/g, (c) => `\\${c}`)}'`).join(' | ');
}

/**
 * How much of a question's Chinese is found in a text as whole phrases of three or more characters
 * (0 to 1): bigrams alone do not see that "账号安全" is one phrase in a passage and two words apart
 * in another. Greedy longest matches, left to right, over each CJK run of the question.
 */
export function phraseShare(question: string, text: string): number {
  const haystack = text.normalize('NFKC').toLowerCase();
  const runs = question.normalize('NFKC').toLowerCase().match(/[\u3400-\u9fff\uf900-\ufaff]{3,}/gu) ?? [];
  let covered = 0;
  let length = 0;
  for (const run of runs) {
    const chars = [...run];
    length += chars.length;
    for (let i = 0; i + 2 < chars.length;) {
      let j = i + 3;
      if (!haystack.includes(chars.slice(i, j).join(''))) {
        i += 1;
        continue;
      }
      while (j < chars.length && haystack.includes(chars.slice(i, j + 1).join(''))) j += 1;
      covered += j - i;
      i = j;
    }
  }
  return length ? covered / length : 0;
}

/**
 * The question's terms that say what it is about: questionTerms less the ones `noise` names (kind
 * words such as 课程), less a bigram bridging two noise pieces (些考 in 有哪些考试, between 哪些 and
 * 考试), and less a bigram the index does not `know` that leans on a noise piece (些电 in 有哪些电子书):
 * both only exist because the question was cut without word bounds.
 */
export function aboutTerms(question: string, noise: (term: string) => boolean, known: (term: string) => boolean = () => true): string[] {
  const asked = new Set(queryTokens(question));
  const noisy = (t: string) => !asked.has(t) || noise(t);
  const about = new Set<string>();
  for (const run of question.normalize('NFKC').toLowerCase().match(RUN) ?? []) {
    if (!CJK.test(run)) {
      const word = normalWord(run);
      if (asked.has(word) && !noise(word)) about.add(word);
      continue;
    }
    const chars = [...run];
    if (chars.length === 1) {
      if (!noisy(run)) about.add(run);
      continue;
    }
    const pairs = chars.slice(0, -1).map((c, i) => c + chars[i + 1]!);
    pairs.forEach((pair, i) => {
      if (noisy(pair)) return;
      const before = i > 0 && noisy(pairs[i - 1]!);
      const after = i + 1 < pairs.length && noisy(pairs[i + 1]!);
      if ((before && after) || ((before || after) && !known(pair))) return;
      about.add(pair);
    });
  }
  return [...about];
}
