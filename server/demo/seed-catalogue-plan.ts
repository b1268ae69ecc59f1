import type { LinkItem } from '../../schemas/link';
import { coverUrl, type CoverDraft, type CoverSpec } from './seed-catalogue-covers';

// The generated catalogue of one tenant as plain data: rows that refer to each other by keys, not
// database ids, plus the images they use. Building a plan is pure (a seeded PRNG, a given clock);
// seed-catalogue.ts writes it to the database and the images to the upload dir.

/** mulberry32: a small, fast, seeded PRNG. The same seed gives the same sequence everywhere. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    if (!list.length) throw new Error('Rng.pick needs a non-empty list.');
    return list[Math.floor(this.next() * list.length)]!;
  }
  /** `count` distinct elements (all of them when the list is shorter), in random order. */
  sample<T>(list: readonly T[], count: number): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  }
  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export interface PlanCategory { key: string; parentKey: string | null; purpose: number; name: string; sort: number }
/** The card columns of migration 0002. */
export interface PlanCard { categoryKey: string | null; title: string; cover: string | null; summary: string; publishTime: Date }
export interface PlanTeacher { key: string; name: string; title: string; avatar: string; intro: string; score: number }
/** mediaUrl: the part's own media (a `media:` address for audio episodes, server/demo/seed-media.ts). */
export interface PlanPart { title: string; kind: ContentKind; duration: number; mediaUrl?: string | null }
export type ContentKind = 'video' | 'audio' | 'pdf' | 'article' | 'link';
export interface PlanContent extends PlanCard {
  key: string; purpose: number; kind: ContentKind; author: string | null; duration: number; mediaUrl: string | null;
  labels: string[]; viewCount: number; favourCount: number; parts: PlanPart[];
}
export interface PlanLesson { title: string; kind: ContentKind; duration: number; contentKey: string | null }
export interface PlanCourse extends PlanCard {
  key: string; teacherKey: string | null; labels: string[]; studyCount: number; favourCount: number; score: number;
  /** A fixed id (the README's showcase course); absent: the database gives one. */
  id?: number;
  phases: { title: string; lessons: PlanLesson[] }[];
  /** The course's handout, a seeded PDF (seed-documents.ts), listed as its attachment. */
  handout?: { name: string; url: string };
}
export interface PlanSubject extends PlanCard {
  labels: string[]; studyCount: number; favourCount: number; items: ({ courseKey: string } | { contentKey: string })[];
}
export interface PlanClass extends PlanCard { teacherKey: string | null; start: Date; end: Date; enrolLimit: number | null; enrolCount: number; isPublic: boolean }
export interface PlanRoom extends PlanCard { teacherKey: string | null; start: Date; end: Date | null; liveState: 'upcoming' | 'live' | 'ended'; enrolCount: number; audienceCount: number }
export interface PlanExam extends PlanCard {
  type: 'exam' | 'survey'; start: Date; end: Date | null; duration: number; passScore: number | null; totalScore: number | null;
  questionCount: number; joinCount: number;
}
export interface PlanTask extends PlanCard { start: Date; end: Date | null; stepCount: number; points: number; joinCount: number; isPublic: boolean }
export interface PlanGame extends PlanCard { roundCount: number; playerCount: number }
export interface PlanNotice extends PlanCard { body: string; isPublic: boolean; top: boolean; viewCount: number }
export interface PlanArticle extends PlanCard { kind: 'share' | 'news'; author: string; viewCount: number; favourCount: number; bodyUrl?: string | null }
/** A learner made up for the points board; signs in with no password (the hash matches nothing). */
export interface PlanLearner { account: string; realName: string; nickName: string | null; avatar: string; points: number }
export interface PlanProvider { key: string; name: string; logo: string; summary: string; orgType: string; orgPath: string; state: number; sort: number }
export interface PlanProduct extends PlanCard {
  providerKey: string; type: number; price: number; retailPrice: number | null; stock: number; salesCount: number;
  /** The product page's text, gallery and specifications (migration 0014); reviews by plan learners' accounts. */
  description?: string; images?: string[]; specs?: { name: string; value: string }[];
  reviews?: { account: string; score: number; content: string; createdAt: Date }[];
}
export interface PlanBanner { position: string; title: string; image: string; link: LinkItem; categoryKey: string | null; sort: number }

/** One tenant's generated catalogue. */
export interface CataloguePlan {
  tenantId: number;
  categories: PlanCategory[];
  teachers: PlanTeacher[];
  contents: PlanContent[];
  courses: PlanCourse[];
  subjects: PlanSubject[];
  classes: PlanClass[];
  rooms: PlanRoom[];
  exams: PlanExam[];
  tasks: PlanTask[];
  games: PlanGame[];
  notices: PlanNotice[];
  articles: PlanArticle[];
  learners: PlanLearner[];
  /** Points of the tenant's existing users (the seeded learner first), by account. */
  userPoints: { account: string; points: number }[];
  providers: PlanProvider[];
  products: PlanProduct[];
  banners: PlanBanner[];
  covers: CoverSpec[];
}

/** An empty plan for a tenant. */
export function emptyPlan(tenantId: number): CataloguePlan {
  return {
    tenantId, categories: [], teachers: [], contents: [], courses: [], subjects: [], classes: [], rooms: [], exams: [], tasks: [],
    games: [], notices: [], articles: [], learners: [], userPoints: [], providers: [], products: [], banners: [], covers: [],
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Dates relative to the seed's clock, on the hour so schedules look planned. */
export class Clock {
  constructor(private readonly now: Date) {}
  /** `days` from now (negative: in the past), rounded down to the hour. */
  days(days: number, hours = 0): Date {
    return new Date(Math.floor((this.now.getTime() + days * DAY + hours * HOUR) / HOUR) * HOUR);
  }
  /** A publish time within the last `maxDays` days. */
  published(rng: Rng, maxDays = 240): Date {
    return new Date(this.now.getTime() - rng.int(1, maxDays) * DAY - rng.int(0, 23) * HOUR - rng.int(0, 59) * 60_000);
  }
}

/** Registers a generated image in the plan and returns its URL. */
export function addCover(plan: CataloguePlan, kind: string, index: number, spec: CoverDraft): string {
  const file = `seed/covers/${plan.tenantId}/${kind}-${index + 1}.svg`;
  plan.covers.push({ ...spec, file, seed: plan.tenantId * 7919 + hashText(`${kind}-${index}`) } as CoverSpec);
  return coverUrl(file);
}

/** A stable 31-bit hash of a string (FNV-1a), for PRNG seeds and palettes. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7fffffff;
}

/** Draws titles from pattern × topic pairs without repeating one. */
export class TitleDeck {
  private readonly used = new Set<string>();
  /** A title not drawn before; after a few collisions a number is appended. */
  draw(make: () => string): string {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const title = make();
      if (!this.used.has(title)) {
        this.used.add(title);
        return title;
      }
    }
    let n = 2;
    const base = make();
    while (this.used.has(`${base} ${n}`)) n += 1;
    this.used.add(`${base} ${n}`);
    return `${base} ${n}`;
  }
}
