import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CONTENT_PURPOSE } from '../lib/purposes';
import type { CataloguePlan } from './seed-catalogue-plan';
import { AI_HELP_BODIES } from './seed-help-ai';

// The help center's articles (spec learning §9: content purpose 99 is help). The content table
// keeps a content's card (title, summary, kind); the text of an article-kind content is a document
// in the object store at its mediaUrl, as a video's file is. The seed writes these documents next
// to the covers (seed/help/{tenantId}/{n}.html), so /helpCenter has real text to show.

/** Where the n-th help article (from 1) of a tenant keeps its text: the site path and the upload-dir file. */
export function helpBodyPath(tenantId: number, n: number): { url: string; file: string } {
  const file = `seed/help/${tenantId}/${n}.html`;
  return { url: `/uploads/${file}`, file };
}

const steps = (items: string[]) => `<ol>${items.map((s) => `<li>${s}</li>`).join('')}</ol>`;
const p = (text: string) => `<p>${text}</p>`;

/** Help texts by article title: the seeded titles of the zh academy, the school and the en academy. */
const HELP_BODIES: Record<string, string> = {
  ...AI_HELP_BODIES,
  如何修改登录密码: p('为了账号安全，建议每三个月修改一次登录密码。')
    + steps(['登录后点击右上角头像，选择<strong>账号安全</strong>。', '在“修改密码”一栏点击<strong>修改</strong>，输入当前密码。', '输入新密码两次：8 到 16 位，需同时包含字母和数字。', '获取并填写手机验证码，点击<strong>确定</strong>。'])
    + p('修改成功后，其他设备上的登录会失效，需要用新密码重新登录。'),
  如何报名培训班: p('培训班由企业或学校统一组织，报名后按班级安排的日程学习。')
    + steps(['在顶部导航进入<strong>培训班</strong>列表，或在首页的“培训班”模块中找到感兴趣的班级。', '点击班级卡片进入详情，查看开班时间、课程安排和名额。', '点击<strong>立即报名</strong>；需要审核的班级会在审核通过后出现在“我的培训班”中。'])
    + p('名额已满或报名时间已过的班级无法报名。如需调整，请联系班主任。'),
  学习记录没有更新怎么办: p('学习进度在以下时刻保存：暂停播放、切换课时、离开页面，以及每隔一段时间自动同步。已完成的课时不会再变回“学习中”。')
    + steps(['确认学习时处于登录状态：未登录时的学习不会记录。', '视频需要看到结尾附近才会记为完成，拖动进度条跳过的部分不计入时长。', '刷新“我的课程”页面查看最新进度；网络中断时，恢复后会再次同步。'])
    + p('如果 24 小时后仍未更新，请记下课程名称和学习时间，联系客服处理。'),
  如何参加考试: p('考试在规定的时间窗口内开放，开始前请确认网络稳定。')
    + steps(['进入<strong>考试</strong>列表，找到状态为“进行中”的考试。', '点击进入详情，阅读考试说明、时长和及格分数。', '点击<strong>开始考试</strong>后开始计时，交卷前可以返回检查已答题目。', '交卷后可在“我的考试”中查看成绩；需要人工阅卷的题目会在阅卷完成后出分。'])
    + p('考试过程中请勿关闭页面或切换账号，以免作答丢失。'),
  证书在哪里查看: p('完成课程、专题或培训班并满足发证条件后，系统会自动颁发证书。')
    + steps(['点击右上角头像，进入<strong>个人中心</strong>。', '选择<strong>我的证书</strong>，即可看到已获得的全部证书。', '点击证书可查看大图，并下载保存或打印。'])
    + p('如果确认已满足条件但没有收到证书，请联系培训管理员核实。'),
  如何收藏课程: p('收藏可以帮助你快速找到想学的内容。')
    + steps(['打开课程、专题或知识的详情页。', '点击标题旁的<strong>收藏</strong>图标，图标变为实心即收藏成功。', '在个人中心的<strong>我的收藏</strong>中查看和管理全部收藏。'])
    + p('再次点击收藏图标即可取消收藏。'),
  忘记账号怎么办: p('账号一般是管理员为你开通时设置的工号或手机号。')
    + steps(['在登录页选择<strong>手机号登录</strong>，用绑定的手机号和验证码直接登录。', '登录后在<strong>个人信息</strong>中可以看到你的账号。', '如果手机号也未绑定，请联系所在单位的管理员查询。']),
  如何联系客服: p('遇到使用问题，可以通过以下方式联系我们：')
    + '<ul><li>客服电话：400-800-1234（工作日 9:00–18:00）</li><li>客服邮箱：support@example.com，我们会在一个工作日内回复</li><li>在本帮助中心搜索关键词，查找常见问题的解答</li></ul>'
    + p('联系客服时，请说明你的账号、遇到问题的页面和时间，必要时附上截图，方便我们尽快处理。'),
  如何查看课表: p('课表汇总了你所在班级本周的课程安排。')
    + steps(['登录后进入<strong>个人中心</strong>，选择<strong>我的培训班</strong>。', '点击所在班级，切换到<strong>课程安排</strong>标签。', '按周切换查看，点击某节课可直接进入学习。']),
  如何提交作业: p('作业需要在截止时间前提交，逾期将无法提交。')
    + steps(['在个人中心进入<strong>我的作业</strong>，找到待完成的作业。', '按要求填写答案，或上传图片、文档作为附件。', '确认无误后点击<strong>提交</strong>；提交后老师批改，批改结果会通过消息通知你。']),
  忘记密码怎么办: p('忘记密码时可以用手机验证码重新设置。')
    + steps(['在登录页点击<strong>忘记密码</strong>。', '输入绑定的手机号，获取并填写验证码。', '设置 8 到 16 位的新密码，然后用新密码登录。'])
    + p('如果手机号已停用，请联系班主任或学校管理员重置。'),
  'How do I change my password?': p('We recommend changing your password every three months.')
    + steps(['Sign in, click your avatar at the top right and choose <strong>Account security</strong>.', 'Next to Password, click <strong>Change</strong> and enter your current password.', 'Enter the new password twice: 8 to 16 characters with letters and digits.', 'Click <strong>Save</strong>. Other devices are signed out and need the new password.']),
  'How do I enrol in a class?': steps(['Open <strong>Classes</strong> from the top menu.', 'Open a class to see its schedule, courses and places left.', 'Click <strong>Enrol</strong>. Classes that need approval appear under My classes once approved.'])
    + p('Full classes and classes whose enrolment has closed cannot be joined.'),
  'My progress did not update': p('Progress is saved when you pause, switch lessons, leave the page, and at regular intervals. A finished lesson never goes back to in progress.')
    + steps(['Make sure you are signed in: study while signed out is not recorded.', 'Videos count as finished near their end; skipped parts do not count towards study time.', 'Reload My courses to see the latest progress.'])
    + p('If it has not updated after 24 hours, contact support with the course name and when you studied.'),
  'How do I take an exam?': steps(['Open <strong>Exams</strong> and find an exam that is open.', 'Read the rules, duration and pass mark on its page.', 'Click <strong>Start</strong>; the timer starts. Review your answers before you submit.'])
    + p('Results appear under My exams; questions marked by a teacher are scored once marking is done.'),
  'Where are my certificates?': p('Certificates are issued automatically when you complete a course, subject or class that awards one.')
    + steps(['Open your <strong>Profile</strong> from the avatar menu.', 'Choose <strong>My certificates</strong>.', 'Open a certificate to view, download or print it.']),
  'How do I save a course?': steps(['Open the course, subject or knowledge page.', 'Click the <strong>Favourite</strong> icon next to the title.', 'Find everything you saved under <strong>My favourites</strong> in your profile.'])
    + p('Click the icon again to remove it.'),
  'I forgot my account name': p('Your account name is usually your staff number or mobile number, set when your administrator created the account.')
    + p('Sign in with your mobile number and a verification code, then see your account name under <strong>My information</strong>. If no mobile is linked, ask your administrator.'),
  'How do I contact support?': '<ul><li>Phone: +1 555 0100 (weekdays 9:00–18:00)</li><li>Email: support@example.com — we answer within one working day</li><li>Search this help center for answers to common questions</li></ul>'
    + p('Tell us your account, the page you were on and when the problem happened; a screenshot helps.'),
};

/** The text of a help article: its own, or a short one built from the title and summary. */
export function helpBody(title: string, summary: string): string {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return HELP_BODIES[title] ?? `<h2>${escape(title)}</h2>${p(escape(summary))}`;
}

/** The help articles of a plan that keep their text in the seeded upload folder. */
function seededHelp(plan: CataloguePlan) {
  return plan.contents.filter((c) => c.purpose === CONTENT_PURPOSE.help && c.mediaUrl?.startsWith(`/uploads/seed/help/${plan.tenantId}/`));
}

/** Writes the text of every seeded help article of the plans into the upload dir. Safe to repeat. */
export async function writeHelpBodies(uploadDir: string, plans: CataloguePlan[]): Promise<number> {
  let written = 0;
  for (const plan of plans) {
    for (const c of seededHelp(plan)) {
      const file = join(uploadDir, c.mediaUrl!.slice('/uploads/'.length));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, helpBody(c.title, c.summary), 'utf8');
      written += 1;
    }
  }
  return written;
}
