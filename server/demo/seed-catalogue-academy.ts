import { CATEGORY_PURPOSE, CONTENT_PURPOSE } from '../lib/purposes';
import {
  addCover, Clock, emptyPlan, hashText, Rng, TitleDeck,
  type CataloguePlan, type ContentKind, type PlanContent, type PlanPart,
} from './seed-catalogue-plan';
import { helpBodyPath } from './seed-help';
import { attachDocuments } from './seed-documents';
import { attachDemoAudio } from './seed-media';
import { attachDemoVideo } from './seed-video';
import { attachLessonContents } from './seed-lessons';
import type { Scene } from './seed-catalogue-covers';
import { hasExamBank } from './seed-exam-banks';
import { fill, type AcademyVocab, type CategorySpec, type CoverLabel } from './seed-catalogue-vocab';

// The generated catalogue of an academy or a school: categories, teachers, courses with chapters,
// subjects, contents, classes, rooms, exams, surveys, tasks, games, notices, articles, a points
// board and banners. Deterministic for a given tenant and clock.

/** How many of each kind a tenant gets. */
export interface AcademyScale {
  teachers: number; courses: number; subjects: number; micro: number; knowledge: number; content: number; work: number;
  reading: number; help: number; classes: number; rooms: number; exams: number; surveys: number; tasks: number; games: number;
  notices: number; shares: number; news: number; learners: number;
}

/** A corporate academy: dozens of each kind, so every home-page widget has pages to show. */
export const ACADEMY_SCALE: AcademyScale = {
  teachers: 16, courses: 36, subjects: 12, micro: 24, knowledge: 20, content: 10, work: 8, reading: 9, help: 8, classes: 18,
  rooms: 14, exams: 20, surveys: 10, tasks: 16, games: 12, notices: 14, shares: 14, news: 10, learners: 30,
};

/** A school: the same kinds, fewer of each. */
export const SCHOOL_SCALE: AcademyScale = {
  teachers: 8, courses: 14, subjects: 4, micro: 10, knowledge: 6, content: 6, work: 4, reading: 3, help: 3, classes: 6,
  rooms: 5, exams: 8, surveys: 2, tasks: 6, games: 4, notices: 8, shares: 4, news: 4, learners: 15,
};

/** A leaf category; a course leaf is a subject, with its topics and its covers' scene. */
interface Leaf { key: string; name: string; topics: string[]; scene: Scene }

/** Adds a category tree to the plan and returns its leaves (with their topics) in order. */
function addTree(plan: CataloguePlan, purpose: number, specs: CategorySpec[], parentKey: string | null = null): Leaf[] {
  const leaves: Leaf[] = [];
  specs.forEach((spec, sort) => {
    const key = `${parentKey ?? purpose}/${spec.name}`;
    plan.categories.push({ key, parentKey, purpose, name: spec.name, sort });
    if (spec.children?.length) leaves.push(...addTree(plan, purpose, spec.children, key));
    else leaves.push({ key, name: spec.name, topics: spec.topics ?? [], scene: spec.scene ?? 'book' });
  });
  return leaves;
}

/** The i-th leaf, or the last one when the tree is shorter. */
const leafAt = (leaves: Leaf[], i: number) => leaves[Math.min(i, leaves.length - 1)]!;

/** How many library contents on the showcase course's topic feed its audio and video chapters (seed-media.ts, seed-video.ts). */
const SHOWCASE_AUDIO = 3;
const SHOWCASE_VIDEO = 2;

/**
 * Builds the catalogue plan of an academy (or a school, with SCHOOL_SCALE) for one tenant. Every
 * item is about one subject (a course leaf) and one of its topics: a course's teacher teaches that
 * subject, its lessons and handout are on its topic, an exam is written from its subject's question
 * bank, and covers draw the subject's scene (issue 13 points 10 and 11).
 */
export function buildAcademyPlan(tenantId: number, vocab: AcademyVocab, scale: AcademyScale, now: Date): CataloguePlan {
  const plan = emptyPlan(tenantId);
  const rng = new Rng(hashText(`catalogue-${tenantId}`));
  const clock = new Clock(now);
  const deck = new TitleDeck();
  const zh = vocab.locale === 'zh';
  const counters = new Map<string, number>();
  /** A generated cover: the scene of the item's subject, no text (the card prints the title). */
  const cover = (label: CoverLabel, scene: Scene, shape: 'cover' | 'book' = 'cover') => {
    const index = counters.get(label) ?? 0;
    counters.set(label, index + 1);
    return addCover(plan, label, index, { shape, scene });
  };
  const tags = () => rng.sample(vocab.tags, rng.int(0, 2));
  const personName = () => (zh ? rng.pick(vocab.family) + rng.pick(vocab.given) : `${rng.pick(vocab.given)} ${rng.pick(vocab.family)}`);

  const courseLeaves = addTree(plan, CATEGORY_PURPOSE.course, vocab.trees.course);
  /** A topic and its subject: any subject, or one of those given. */
  const topicIn = (leaves: Leaf[] = courseLeaves) => {
    const leaf = rng.pick(leaves);
    return { t: rng.pick(leaf.topics), leaf };
  };
  const examSubjects = courseLeaves.filter((leaf) => hasExamBank(leaf.name));
  if (!examSubjects.length) throw new Error(`No course leaf of the ${vocab.locale} catalogue has a question bank (seed-exam-banks-*.ts); exams could not match their subject.`);
  const knowledgeLeaves = addTree(plan, CATEGORY_PURPOSE.knowledge, vocab.trees.knowledge);
  const contentLeaves = addTree(plan, CATEGORY_PURPOSE.content, vocab.trees.content);
  const trainingLeaves = addTree(plan, CATEGORY_PURPOSE.training, vocab.trees.training);
  const examLeaves = addTree(plan, CATEGORY_PURPOSE.exam, vocab.trees.exam);
  const taskLeaves = addTree(plan, CATEGORY_PURPOSE.task, vocab.trees.task);
  const articleLeaves = addTree(plan, CATEGORY_PURPOSE.article, vocab.trees.article);
  const readingLeaves = addTree(plan, CATEGORY_PURPOSE.reading, vocab.trees.reading);
  const helpLeaves = addTree(plan, CATEGORY_PURPOSE.help, vocab.trees.help);
  // By convention the last exam leaf holds surveys, the last task leaf games, the last article leaf notices.
  const lastOf = (leaves: Leaf[]) => leaves[leaves.length - 1]!;
  const allButLast = (leaves: Leaf[]) => (leaves.length > 1 ? leaves.slice(0, -1) : leaves);

  // Teachers teach the subjects their job is about; each subject has at least one.
  const teacherFields = new Map<string, string[]>();
  vocab.teachers.slice(0, scale.teachers).forEach(([name, title, fields], i) => {
    const own = courseLeaves.filter((leaf) => fields.includes(leaf.name));
    const key = `t${i}`;
    teacherFields.set(key, fields);
    plan.teachers.push({
      key, name, title, score: rng.int(300, 3200),
      avatar: addCover(plan, 'teacher', i, { shape: 'avatar', scene: 'person' }),
      intro: fill(rng.pick(vocab.teacherIntro), { title, t: topicIn(own.length ? own : courseLeaves).t }),
    });
  });
  for (const leaf of courseLeaves) {
    if (![...teacherFields.values()].some((fields) => fields.includes(leaf.name))) {
      throw new Error(`No teacher of the ${vocab.locale} catalogue teaches "${leaf.name}"; add it to a teacher's subjects in its vocabulary.`);
    }
  }
  const teacherOf = (leaf: Leaf) => rng.pick(plan.teachers.filter((t) => teacherFields.get(t.key)!.includes(leaf.name)));

  // The showcase course (the first) gets chapters of library audio and video (attachDemoAudio,
  // attachDemoVideo): those contents are on its topic, made first so they exist whatever the scale.
  const showcase = { leaf: courseLeaves[0]!, t: rng.pick(courseLeaves[0]!.topics) };
  const topicOfContent = new Map<string, string>();

  // Contents: micro-lessons, knowledge, contents, works, reading matter and help articles.
  const addContent = (c: Omit<PlanContent, 'key' | 'labels' | 'viewCount' | 'favourCount' | 'publishTime' | 'parts'> & { parts?: PlanPart[] }, t?: string) => {
    const key = `c${plan.contents.length}`;
    plan.contents.push({
      ...c, key, parts: c.parts ?? [], labels: tags(), viewCount: rng.int(30, 9000), favourCount: rng.int(0, 800),
      publishTime: clock.published(rng),
    });
    if (t !== undefined) topicOfContent.set(key, t);
    return key;
  };
  const microKeys: string[] = [];
  for (let i = 0; i < scale.micro; i += 1) {
    const { t, leaf } = i < SHOWCASE_VIDEO ? showcase : topicIn();
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.micro), { t }));
    const parts = i >= SHOWCASE_VIDEO && rng.chance(0.4)
      ? Array.from({ length: rng.int(2, 4) }, (_, p) => ({ title: zh ? `第${p + 1}节` : `Part ${p + 1}`, kind: 'video' as const, duration: rng.int(60, 300) }))
      : [];
    microKeys.push(addContent({
      purpose: CONTENT_PURPOSE.microCourse, kind: 'video', title, cover: cover('micro', leaf.scene), categoryKey: rng.pick(contentLeaves).key,
      summary: fill(rng.pick(vocab.summaries.content), { t }), author: teacherOf(leaf).name, duration: parts.length ? parts.reduce((s, p) => s + p.duration, 0) : rng.int(120, 600),
      mediaUrl: null, parts,
    }, t));
  }
  const knowledgeKeys: string[] = [];
  for (let i = 0; i < scale.knowledge; i += 1) {
    const { t, leaf } = topicIn();
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.knowledge), { t }));
    const kind: ContentKind = i % 5 === 4 ? 'link' : rng.pick(['pdf', 'article'] as const);
    knowledgeKeys.push(addContent({
      purpose: CONTENT_PURPOSE.knowledge, kind, title, cover: cover('knowledge', leaf.scene), categoryKey: rng.pick(knowledgeLeaves).key,
      summary: fill(rng.pick(vocab.summaries.content), { t }), author: rng.pick(vocab.authors), duration: 0,
      mediaUrl: kind === 'link' ? (zh ? 'https://developer.mozilla.org/zh-CN/docs/Learn' : 'https://developer.mozilla.org/en-US/docs/Learn') : null,
    }, t));
  }
  for (let i = 0; i < scale.content; i += 1) {
    const { t, leaf } = i < SHOWCASE_AUDIO ? showcase : topicIn();
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.content), { t }));
    const kind = i < SHOWCASE_AUDIO ? 'audio' : rng.pick(['video', 'audio', 'pdf', 'article'] as const);
    addContent({
      purpose: CONTENT_PURPOSE.content, kind, title, cover: cover('content', leaf.scene), categoryKey: rng.pick(contentLeaves).key,
      summary: fill(rng.pick(vocab.summaries.content), { t }), author: rng.pick(vocab.authors),
      duration: kind === 'video' || kind === 'audio' ? rng.int(180, 1800) : 0, mediaUrl: null,
    }, t);
  }
  for (let i = 0; i < scale.work; i += 1) {
    const { t, leaf } = topicIn();
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.work), { t }));
    addContent({
      purpose: CONTENT_PURPOSE.work, kind: 'article', title, cover: cover('work', leaf.scene), categoryKey: rng.pick(contentLeaves).key,
      summary: fill(vocab.summaries.article[0]!, { t }), author: personName(), duration: 0, mediaUrl: null,
    }, t);
  }
  const readingPurposes = [CONTENT_PURPOSE.ebook, CONTENT_PURPOSE.audiobook, CONTENT_PURPOSE.serial];
  vocab.titles.reading.slice(0, scale.reading).forEach((title, i) => {
    const purpose = readingPurposes[i % 3]!;
    const audio = purpose === CONTENT_PURPOSE.audiobook;
    const parts = Array.from({ length: rng.int(6, 12) }, (_, p) => ({
      title: audio ? (zh ? `第${p + 1}集` : `Episode ${p + 1}`) : (zh ? `第${p + 1}章` : `Chapter ${p + 1}`),
      kind: (audio ? 'audio' : 'article') as ContentKind, duration: audio ? rng.int(600, 1500) : 0,
    }));
    addContent({
      purpose, kind: audio ? 'audio' : 'article', title, cover: cover('reading', audio ? 'headphones' : 'book', 'book'), categoryKey: leafAt(readingLeaves, i % 3).key,
      summary: rng.pick(vocab.summaries.reading), author: rng.pick(vocab.authors), duration: parts.reduce((s, p) => s + p.duration, 0),
      mediaUrl: null, parts,
    });
  });
  // A help article's text is a document at its mediaUrl, written by seed-help.ts (writeHelpBodies).
  vocab.titles.help.slice(0, scale.help).forEach((title, i) => {
    addContent({
      purpose: CONTENT_PURPOSE.help, kind: 'article', title, cover: null, categoryKey: rng.pick(helpLeaves).key,
      summary: rng.pick(vocab.summaries.help), author: rng.pick(vocab.authors), duration: 0, mediaUrl: helpBodyPath(tenantId, i + 1).url,
    });
  });

  // Courses, spread over every leaf so each category (and its parents) has some; the first is the showcase.
  const courseLeaf = new Map<string, Leaf>();
  const showcaseKeys = new Set(plan.contents.filter((c) => topicOfContent.get(c.key) === showcase.t).map((c) => c.key));
  for (let i = 0; i < scale.courses; i += 1) {
    const leaf = i === 0 ? showcase.leaf : courseLeaves[i % courseLeaves.length]!;
    const t = i === 0 ? showcase.t : rng.pick(leaf.topics);
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.course), { t }));
    const middle = vocab.chapters.slice(1, -1);
    const chapterTitles = [vocab.chapters[0]!, ...rng.sample(middle, rng.int(1, 3)).sort((a, b) => middle.indexOf(a) - middle.indexOf(b)), vocab.chapters[vocab.chapters.length - 1]!];
    // A lesson may open a library micro-lesson, but only one on the course's own topic.
    const onTopic = microKeys.filter((k) => topicOfContent.get(k) === t && !showcaseKeys.has(k));
    const key = `k${i}`;
    courseLeaf.set(key, leaf);
    plan.courses.push({
      key, title, cover: cover('course', leaf.scene), categoryKey: leaf.key, teacherKey: teacherOf(leaf).key,
      summary: fill(rng.pick(vocab.summaries.course), { t }), labels: rng.sample(vocab.tags, rng.int(1, 2)),
      studyCount: rng.int(20, 6000), favourCount: rng.int(5, 700), score: Math.round(rng.int(38, 50)) / 10, publishTime: clock.published(rng),
      phases: chapterTitles.map((chapter, p) => ({
        title: zh ? `第${p + 1}章 ${chapter}` : `${p + 1}. ${chapter}`,
        lessons: rng.sample(vocab.lessons, rng.int(2, 4)).map((pattern, l) => {
          const kind: ContentKind = rng.chance(0.8) ? 'video' : rng.pick(['pdf', 'article'] as const);
          return {
            title: `${p + 1}.${l + 1} ${fill(pattern, { t })}`, kind, duration: kind === 'video' ? rng.int(300, 1500) : 300,
            contentKey: kind === 'video' && rng.chance(0.15) && onTopic.length ? rng.pick(onTopic) : null,
          };
        }),
      })),
    });
  }

  // Learning paths: the courses and contents of the subject each is named after.
  vocab.subjects.slice(0, scale.subjects).forEach(([title, leafName]) => {
    const leaf = courseLeaves.find((l) => l.name === leafName);
    if (!leaf) throw new Error(`The learning path "${title}" names the course leaf "${leafName}", which the ${vocab.locale} catalogue does not have.`);
    const contents = [...microKeys, ...knowledgeKeys].filter((k) => leaf.topics.includes(topicOfContent.get(k)!) && !showcaseKeys.has(k));
    const items = [
      ...rng.sample(plan.courses.filter((c) => courseLeaf.get(c.key) === leaf), rng.int(2, 4)).map((c) => ({ courseKey: c.key })),
      ...rng.sample(contents, rng.int(1, 2)).map((contentKey) => ({ contentKey })),
    ];
    plan.subjects.push({
      title, cover: cover('subject', leaf.scene), categoryKey: leaf.key,
      summary: rng.pick(vocab.summaries.subject), labels: tags(), studyCount: rng.int(50, 4000), favourCount: rng.int(5, 400),
      publishTime: clock.published(rng), items,
    });
  });

  // Classes: a third finished, a third in progress, a third still enrolling.
  for (let i = 0; i < scale.classes; i += 1) {
    const { t, leaf } = topicIn();
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.classes), { t, n: rng.int(1, 12) }));
    const phase = i % 3;
    const start = phase === 0 ? clock.days(-rng.int(40, 90)) : phase === 1 ? clock.days(-rng.int(3, 20)) : clock.days(rng.int(5, 40));
    const end = new Date(start.getTime() + rng.int(14, 45) * 86_400_000);
    const enrolLimit = rng.chance(0.2) ? null : rng.pick([30, 50, 80, 100, 200]);
    plan.classes.push({
      title, cover: cover('class', leaf.scene), categoryKey: rng.pick(trainingLeaves).key, teacherKey: teacherOf(leaf).key,
      summary: fill(rng.pick(vocab.summaries.class), { t }), publishTime: new Date(Math.min(start.getTime(), now.getTime()) - rng.int(5, 30) * 86_400_000),
      start, end, enrolLimit, enrolCount: rng.int(5, enrolLimit ?? 300), isPublic: i % 7 !== 6,
    });
  }

  // Live rooms: two live now, some upcoming, the rest ended with replays.
  const upcoming = Math.ceil(scale.rooms * 0.4);
  for (let i = 0; i < scale.rooms; i += 1) {
    const { t, leaf } = topicIn();
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.room), { t }));
    const liveState = i < 2 ? 'live' : i < 2 + upcoming ? 'upcoming' : 'ended';
    const start = liveState === 'live' ? clock.days(0, -1) : liveState === 'upcoming' ? clock.days(rng.int(1, 21), rng.int(0, 6)) : clock.days(-rng.int(1, 60));
    const enrolCount = rng.int(20, 900);
    plan.rooms.push({
      title, cover: cover('room', leaf.scene), categoryKey: rng.pick(trainingLeaves).key, teacherKey: teacherOf(leaf).key,
      summary: fill(rng.pick(vocab.summaries.room), { t }), publishTime: new Date(Math.min(start.getTime(), now.getTime()) - rng.int(2, 14) * 86_400_000),
      start, end: new Date(start.getTime() + rng.pick([60, 90, 120]) * 60_000), liveState, enrolCount,
      audienceCount: liveState === 'upcoming' ? 0 : Math.round(enrolCount * (0.6 + rng.next())),
    });
  }

  // Exams: open, upcoming, closed and open-ended windows; surveys have no score. An exam is on a
  // topic of a subject with a question bank, which its paper is written from (seed-exam-paper.ts).
  for (let i = 0; i < scale.exams + scale.surveys; i += 1) {
    const survey = i >= scale.exams;
    const { t, leaf } = topicIn(examSubjects);
    const title = survey ? vocab.titles.survey[(i - scale.exams) % vocab.titles.survey.length]! : deck.draw(() => fill(rng.pick(vocab.patterns.exam), { t }));
    const window = i % 4;
    const start = window === 1 ? clock.days(rng.int(3, 15)) : window === 2 ? clock.days(-rng.int(40, 80)) : clock.days(-rng.int(10, 30));
    const end = window === 3 ? null : window === 2 ? clock.days(-rng.int(2, 20)) : clock.days(rng.int(16, 40));
    plan.exams.push({
      title, cover: survey ? cover('survey', 'clipboard') : cover('exam', leaf.scene), categoryKey: survey ? lastOf(examLeaves).key : rng.pick(allButLast(examLeaves)).key,
      summary: survey ? rng.pick(vocab.summaries.survey) : fill(rng.pick(vocab.summaries.exam), { t }),
      publishTime: new Date(Math.min(start.getTime(), now.getTime()) - rng.int(1, 10) * 86_400_000),
      type: survey ? 'survey' : 'exam', start, end, duration: survey ? 0 : rng.pick([30, 45, 60, 90, 120]),
      passScore: survey ? null : rng.pick([60, 70, 80]), totalScore: survey ? null : 100,
      questionCount: survey ? rng.int(8, 20) : rng.int(20, 60), joinCount: window === 1 ? 0 : rng.int(10, 1500),
    });
  }

  for (let i = 0; i < scale.tasks; i += 1) {
    const { t, leaf } = topicIn();
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.task), { t }));
    const window = i % 3;
    const start = window === 1 ? clock.days(rng.int(2, 14)) : clock.days(-rng.int(5, 40));
    plan.tasks.push({
      title, cover: cover('task', leaf.scene), categoryKey: rng.pick(allButLast(taskLeaves)).key, summary: fill(rng.pick(vocab.summaries.task), { t }),
      publishTime: new Date(Math.min(start.getTime(), now.getTime()) - rng.int(1, 7) * 86_400_000), start,
      end: window === 2 ? clock.days(-rng.int(1, 4)) : clock.days(rng.int(15, 45)), stepCount: rng.int(3, 8),
      points: rng.pick([10, 20, 30, 50, 100]), joinCount: window === 1 ? 0 : rng.int(10, 2000), isPublic: i % 5 !== 4,
    });
  }
  for (let i = 0; i < scale.games; i += 1) {
    const { t, leaf } = topicIn();
    const title = deck.draw(() => fill(rng.pick(vocab.patterns.game), { t }));
    plan.games.push({
      title, cover: cover('game', leaf.scene), categoryKey: lastOf(taskLeaves).key, summary: fill(rng.pick(vocab.summaries.game), { t }),
      publishTime: clock.published(rng), roundCount: rng.int(5, 12), playerCount: rng.int(20, 5000),
    });
  }

  vocab.titles.notice.slice(0, scale.notices).forEach((title, i) => {
    const summary = rng.pick(vocab.summaries.notice);
    plan.notices.push({
      title, cover: null, categoryKey: lastOf(articleLeaves).key, summary, body: noticeBody(title, summary, zh),
      publishTime: clock.published(rng, 120), isPublic: i % 4 !== 3, top: i < 2, viewCount: rng.int(30, 3000),
    });
  });
  for (let i = 0; i < scale.shares + scale.news; i += 1) {
    const news = i >= scale.shares;
    const { t, leaf } = topicIn();
    const title = deck.draw(() => fill(rng.pick(news ? vocab.patterns.news : vocab.patterns.share), { t }));
    plan.articles.push({
      title, cover: cover(news ? 'news' : 'share', leaf.scene), categoryKey: leafAt(articleLeaves, news ? 1 : 0).key,
      summary: fill(vocab.summaries.article[news ? 1 : 0] ?? vocab.summaries.article[0]!, { t }), publishTime: clock.published(rng, 180), kind: news ? 'news' : 'share',
      author: news ? rng.pick(vocab.authors) : personName(), viewCount: rng.int(50, 12000), favourCount: rng.int(0, 900),
    });
  }

  // The points board: made-up learners around the seeded learner, two of them tied.
  const names = new Set<string>();
  for (let i = 0; plan.learners.length < scale.learners && i < scale.learners * 20; i += 1) {
    const given = rng.pick(vocab.given);
    const family = rng.pick(vocab.family);
    const realName = zh ? family + given : `${given} ${family}`;
    if (names.has(realName)) continue;
    names.add(realName);
    const n = plan.learners.length;
    plan.learners.push({
      account: `member${String(n + 1).padStart(3, '0')}`, realName, nickName: zh || rng.chance(0.5) ? null : `${given} ${family[0]}.`,
      avatar: addCover(plan, 'learner', n, { shape: 'avatar', scene: 'person' }), points: rng.int(120, 4800),
    });
  }
  if (plan.learners.length > 6) plan.learners[6]!.points = plan.learners[5]!.points;
  plan.userPoints.push({ account: 'learner', points: 1880 });

  const firstCourseRoot = plan.categories.find((c) => c.purpose === CATEGORY_PURPOSE.course && c.parentKey === null)!;
  vocab.banners.forEach((banner, i) => {
    const image = addCover(plan, 'banner', i, { shape: 'banner', scene: banner.scene, headline: banner.title, subline: banner.subtitle });
    const categoryKey = banner.link.linkType === 'category' ? firstCourseRoot.key : null;
    plan.banners.push({ position: 'home', title: banner.title, image, link: banner.link, categoryKey, sort: i });
    if (i === 0) plan.banners.push({ position: 'course', title: banner.title, image, link: banner.link, categoryKey, sort: 0 });
  });
  // Last, and without the generator: real audio and video files and lengths, and chapters of audio
  // and video lessons.
  // The showcase's audio and video chapters play library contents on its own topic.
  const onShowcaseTopic = (c: PlanContent) => showcaseKeys.has(c.key);
  attachDemoAudio(plan, (n) => (zh ? `第${n}章 音频精讲` : `${n}. Listening`), onShowcaseTopic);
  attachLessonContents(plan);
  attachDemoVideo(plan, (n) => (zh ? `第${n}章 视频精讲` : `${n}. Watching`), onShowcaseTopic);
  attachDocuments(plan, (title) => (zh ? `${title}·课程讲义.pdf` : `${title} - handout.pdf`));
  return plan;
}

/** A notice's text: a salutation, what it is about, what to do, where to ask, and who sends it. No random numbers. */
function noticeBody(title: string, summary: string, zh: boolean): string {
  return zh
    ? [
      '各位同事：',
      `现将“${title}”的有关事项通知如下。${summary}`,
      '一、请于通知发布后两周内登录学习平台，在“个人中心 › 我的课程”中查看相关安排，并按要求完成学习。\n二、学习进度由平台自动记录，完成后无需另行提交。\n三、如遇时间冲突，请提前与部门负责人沟通。',
      '如有疑问，请通过帮助中心联系平台管理员。',
      '培训与发展部',
    ].join('\n\n')
    : [
      'Dear colleagues,',
      `This notice is about "${title}". ${summary}`,
      '1. Within two weeks, sign in to the learning portal and open My courses in your personal center to see what applies to you.\n2. Your progress is recorded automatically; there is nothing to hand in.\n3. If the timing clashes with your work, talk to your manager early.',
      'If you have questions, contact the portal team through the help center.',
      'Learning & Development',
    ].join('\n\n');
}

