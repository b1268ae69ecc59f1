// Homework calls (issue 18 "Learners: Homework", "Teachers: myWork, myZuoye"; schemas/api/homework.ts).
// Learners: a member of the homework's class reads it and submits; the class's teachers (hasRole
// teacher over the class, spec learning §6 "how access is decided is not shown": ours) set, close
// and mark. Every call checks its role here, inside the tenant's transaction (row-level security).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { hasRole } from '../../lib/roles';
import { sanitizeRichTextHtml } from '../../lib/rich-text';
import { iso } from '../../lib/list-sql';
import {
  countSubmissions, findHomework, findMySubmission, findSubmission, findTeachingHomework, isClassMember, listMyHomework, listQueue,
  listTeachingHomework, saveHomework, saveMark, setHomeworkState, taughtClasses, upsertSubmission, type HomeworkRow,
} from './homework-repository';
import {
  HOMEWORK_FILES_MAX, HomeworkCloseBody, HomeworkDetail, HomeworkIdQuery, HomeworkMarkBody, HomeworkQueue, HomeworkSaveBody,
  HomeworkSubmission, HomeworkSubmitBody, MyHomeworkItem, MyHomeworkQuery, SubmissionIdQuery, TeachingClass, TeachingHomeworkItem,
  TeachingHomeworkQuery, TenantOnlyQuery, type HomeworkFile,
} from '../../../schemas/api/homework';
import { Type } from 'typebox';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Trx = Transaction<DB>;

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

const notFound = (id: number) => fail(`作业不存在或已删除（编号 ${id}）。`, 'HOMEWORK_NOT_FOUND', 404);

/** The assignment or HOMEWORK_NOT_FOUND (another tenant's is not visible under row-level security). */
async function requireHomework(trx: Trx, id: number): Promise<HomeworkRow> {
  const homework = await findHomework(trx, id);
  if (!homework) throw notFound(id);
  return homework;
}

/** Refuses anyone but a teacher of the class (or a tenant-wide teacher). */
async function requireClassTeacher(trx: Trx, userId: number, classesId: number, what: string): Promise<void> {
  if (!(await hasRole(trx, userId, 'teacher', { type: 'classes', id: classesId }))) {
    throw fail(`只有该培训班的老师可以${what}。`, 'TEACHER_ONLY', 403);
  }
}

/** Refuses anyone holding no teacher role at all (the work center's lists). */
async function requireAnyTeacher(trx: Trx, userId: number): Promise<void> {
  if (!(await hasRole(trx, userId, 'teacher'))) throw fail('该功能仅对老师开放：你还不是任何培训班的老师。', 'TEACHER_ONLY', 403);
}

const UPLOAD_PATH = (tenantId: number) => new RegExp(`^(/uploads/|https?://[^\\s]+/)u/${tenantId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.[a-z0-9]{1,5}$`);

/** Files must come from this tenant's upload flow (spec shell §7 "Upload"): no outside links, no other tenant's files. */
function checkFiles(tenantId: number, files: HomeworkFile[], what: string): HomeworkFile[] {
  if (files.length > HOMEWORK_FILES_MAX) throw fail(`${what}最多 ${HOMEWORK_FILES_MAX} 个，当前 ${files.length} 个。`, 'VALIDATION');
  const pattern = UPLOAD_PATH(tenantId);
  const bad = files.find((f) => !pattern.test(f.url));
  if (bad) throw fail(`文件“${bad.name}”不是通过本站上传的文件，请重新上传后再提交。`, 'FILE_NOT_UPLOADED');
  return files.map((f) => ({ name: f.name.trim() || 'file', url: f.url, size: f.size, contentType: f.contentType }));
}

/** Whether the deadline has passed at the database clock. */
const pastDeadline = (h: HomeworkRow) => h.deadline !== null && h.now.getTime() > h.deadline.getTime();

/** The detail as the caller sees it (see HomeworkDetail). */
async function detailOf(trx: Trx, h: HomeworkRow, userId: number, isTeacher: boolean, isMember: boolean): Promise<HomeworkDetail> {
  const mine = isMember ? await findMySubmission(trx, h.id, userId) : null;
  const overdue = pastDeadline(h);
  const canSubmit = isMember && h.state === 'published' && (!overdue || h.allow_late) && (mine === null || mine.state === 'returned');
  return {
    id: h.id, classesId: h.classes_id, classesTitle: h.classes_title, title: h.title, deadline: h.deadline && iso(h.deadline),
    totalScore: h.total_score, allowLate: h.allow_late, state: h.state, createdAt: iso(h.created_at),
    instructions: h.instructions, attachments: h.attachments, now: iso(h.now), isTeacher, isMember, canSubmit, overdue, mine,
  };
}

/** The homework calls; registered from trainRoutes. */
export async function homeworkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // --- Learners -----------------------------------------------------------------------------------

  r.get('/train/api/homework/detail', {
    schema: {
      tags: ['train'], summary: 'An assignment (members of its class and its teachers): instructions, attachments, deadline and my submission with its mark',
      querystring: HomeworkIdQuery, response: { 200: Envelope(HomeworkDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const h = await requireHomework(trx, req.query.id);
      const isTeacher = await hasRole(trx, user.userId, 'teacher', { type: 'classes', id: h.classes_id });
      const isMember = await isClassMember(trx, h.classes_id, user.userId);
      if (!isTeacher && !isMember) throw fail(`这份作业只对“${h.classes_title}”的学员和老师开放；报名该培训班后才能查看。`, 'NOT_MEMBER', 403);
      return ok(await detailOf(trx, h, user.userId, isTeacher, isMember));
    });
  });

  r.post('/train/api/homework/submit', {
    schema: {
      tags: ['train'], summary: 'Submits my text and files (members; before the deadline unless late is allowed; again only after a return)',
      body: HomeworkSubmitBody, response: { 200: Envelope(HomeworkDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const content = (req.body.content ?? '').trim();
    const files = checkFiles(user.tenantId, req.body.files ?? [], '附件');
    if (!content && files.length === 0) throw fail('请填写作答内容或上传至少一个文件后再提交。', 'VALIDATION');
    return readTenant(app, user.tenantId, async (trx) => {
      const h = await requireHomework(trx, req.body.homeworkId);
      if (!(await isClassMember(trx, h.classes_id, user.userId))) {
        throw fail(`只有“${h.classes_title}”的学员可以提交这份作业。`, 'NOT_MEMBER', 403);
      }
      if (h.state === 'closed') throw fail('这份作业已截止收取，不能再提交。', 'HOMEWORK_CLOSED', 409);
      if (pastDeadline(h) && !h.allow_late) throw fail('已过提交截止时间，这份作业不接受迟交。', 'HOMEWORK_DEADLINE_PASSED', 409);
      const mine = await findMySubmission(trx, h.id, user.userId);
      // Resubmit only when returned: a submitted one waits for the teacher, a marked one is final.
      if (mine?.state === 'submitted') throw fail('你已提交，正在等待老师批改；老师退回后才能重新提交。', 'HOMEWORK_ALREADY_SUBMITTED', 409);
      if (mine?.state === 'marked') throw fail('这份作业已批改，成绩为最终结果，不能再提交。', 'HOMEWORK_MARKED', 409);
      await upsertSubmission(trx, user.tenantId, h.id, user.userId, content, files);
      return ok(await detailOf(trx, h, user.userId, await hasRole(trx, user.userId, 'teacher', { type: 'classes', id: h.classes_id }), true), '提交成功');
    });
  });

  r.get('/train/api/homework/my', {
    schema: {
      tags: ['train'], summary: 'My homework: every assignment of the classes I am enrolled in, with my status (todo, submitted, returned, marked), score and overdue',
      querystring: MyHomeworkQuery, response: { 200: Envelope(Paged(MyHomeworkItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, status } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok({ ...(await listMyHomework(trx, user.userId, { pageNo, pageSize, status })), pageNo, pageSize }));
  });

  // --- Teachers ------------------------------------------------------------------------------------

  r.get('/train/api/homework/teachingClasses', {
    schema: {
      tags: ['train'], summary: 'The classes I teach, for the assignment form (teachers only)',
      querystring: TenantOnlyQuery, response: { 200: Envelope(Type.Array(TeachingClass)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      await requireAnyTeacher(trx, user.userId);
      return ok(await taughtClasses(trx, user.userId));
    });
  });

  r.get('/train/api/homework/teaching', {
    schema: {
      tags: ['train'], summary: 'The assignments of the classes I teach, newest first, with members, submitted, returned and marked counts (teachers only)',
      querystring: TeachingHomeworkQuery, response: { 200: Envelope(Paged(TeachingHomeworkItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, classesId } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      await requireAnyTeacher(trx, user.userId);
      let ids = (await taughtClasses(trx, user.userId)).map((c) => c.id);
      if (classesId !== undefined) {
        if (!ids.includes(classesId)) throw fail('你不是该培训班的老师，不能查看它的作业。', 'TEACHER_ONLY', 403);
        ids = [classesId];
      }
      return ok({ ...(await listTeachingHomework(trx, ids, { pageNo, pageSize })), pageNo, pageSize });
    });
  });

  r.post('/train/api/homework/save', {
    schema: {
      tags: ['train'], summary: 'Creates (no id) or edits an assignment of a class I teach; instructions are sanitised rich text',
      body: HomeworkSaveBody, response: { 200: Envelope(TeachingHomeworkItem) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const b = req.body;
    const title = b.title.trim();
    if (!title) throw fail('请填写作业标题。', 'VALIDATION');
    const attachments = checkFiles(user.tenantId, b.attachments ?? [], '作业附件');
    // DESIGN "No eval": tenant rich text is sanitised on save.
    const instructions = await sanitizeRichTextHtml(b.instructions ?? '');
    const deadline = b.deadline ? new Date(b.deadline) : null;
    return readTenant(app, user.tenantId, async (trx) => {
      await requireClassTeacher(trx, user.userId, b.classesId, '给它布置作业');
      if (b.id !== undefined) {
        const old = await requireHomework(trx, b.id);
        await requireClassTeacher(trx, user.userId, old.classes_id, '修改它的作业');
        if (old.classes_id !== b.classesId && (await countSubmissions(trx, old.id)) > 0) {
          throw fail('已有学员提交，不能把这份作业改到其他培训班。', 'HOMEWORK_HAS_SUBMISSIONS', 409);
        }
        const highest = await trx.selectFrom('homework_submission').select((eb) => eb.fn.max('score').as('top')).where('homework_id', '=', old.id).executeTakeFirst();
        if (highest?.top != null && Number(highest.top) > (b.totalScore ?? 100)) {
          throw fail(`已有作业得分 ${highest.top} 分，满分不能低于它。`, 'VALIDATION');
        }
      }
      const id = await saveHomework(trx, user.tenantId, user.userId, b.id, {
        classes_id: b.classesId, title, instructions, attachments, deadline, total_score: b.totalScore ?? 100, allow_late: b.allowLate ?? false,
      });
      return ok((await findTeachingHomework(trx, id))!, b.id === undefined ? '作业已布置' : '作业已保存');
    });
  });

  r.post('/train/api/homework/close', {
    schema: {
      tags: ['train'], summary: 'Closes an assignment (no more submissions; marking goes on) or reopens it (teacher of its class)',
      body: HomeworkCloseBody, response: { 200: Envelope(TeachingHomeworkItem) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const h = await requireHomework(trx, req.body.id);
      await requireClassTeacher(trx, user.userId, h.classes_id, '截止或重新开放它的作业');
      await setHomeworkState(trx, h.id, req.body.closed === false ? 'published' : 'closed');
      return ok((await findTeachingHomework(trx, h.id))!);
    });
  });

  r.get('/train/api/homework/submissions', {
    schema: {
      tags: ['train'], summary: 'The marking queue of an assignment: submitted first, then returned, marked, and the members who have not submitted (teacher of its class)',
      querystring: HomeworkIdQuery, response: { 200: Envelope(HomeworkQueue) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const h = await requireHomework(trx, req.query.id);
      await requireClassTeacher(trx, user.userId, h.classes_id, '查看它的作业提交');
      return ok({ homework: (await findTeachingHomework(trx, h.id))!, rows: await listQueue(trx, h.id, h.classes_id) });
    });
  });

  r.get('/train/api/homework/submission', {
    schema: {
      tags: ['train'], summary: 'One submission whole: text, files, mark and comment (teacher of its class)',
      querystring: SubmissionIdQuery, response: { 200: Envelope(HomeworkSubmission) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const s = await findSubmission(trx, req.query.id);
      if (!s) throw fail(`作业提交不存在（编号 ${req.query.id}）。`, 'SUBMISSION_NOT_FOUND', 404);
      const h = await requireHomework(trx, s.homeworkId);
      await requireClassTeacher(trx, user.userId, h.classes_id, '查看它的作业提交');
      return ok(s);
    });
  });

  r.post('/train/api/homework/mark', {
    schema: {
      tags: ['train'], summary: 'Marks a submission (score 0 to the points, optional comment; final) or returns it for redo (comment required)',
      body: HomeworkMarkBody, response: { 200: Envelope(HomeworkSubmission) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { submissionId, action } = req.body;
    const comment = req.body.comment?.trim() || null;
    return readTenant(app, user.tenantId, async (trx) => {
      const s = await findSubmission(trx, submissionId);
      if (!s) throw fail(`作业提交不存在（编号 ${submissionId}）。`, 'SUBMISSION_NOT_FOUND', 404);
      const h = await requireHomework(trx, s.homeworkId);
      await requireClassTeacher(trx, user.userId, h.classes_id, '批改它的作业');
      if (action === 'return') {
        if (!comment) throw fail('退回重做时请写明原因，学员会看到它。', 'VALIDATION');
        if (s.state !== 'submitted') throw fail('只有待批改的提交可以退回。', 'HOMEWORK_NOT_SUBMITTED', 409);
        await saveMark(trx, s.id, user.userId, { state: 'returned', score: null, comment });
        return ok((await findSubmission(trx, s.id))!, '已退回重做');
      }
      const score = req.body.score;
      if (score === undefined || score < 0 || score > h.total_score) {
        throw fail(`请给出 0 到 ${h.total_score} 之间的分数。`, 'VALIDATION');
      }
      // A returned submission waits for the learner's redo; a marked one may be re-marked.
      if (s.state === 'returned') throw fail('这份作业已退回，学员重新提交后才能批改。', 'HOMEWORK_RETURNED', 409);
      await saveMark(trx, s.id, user.userId, { state: 'marked', score, comment });
      return ok((await findSubmission(trx, s.id))!, '批改已保存');
    });
  });
}
