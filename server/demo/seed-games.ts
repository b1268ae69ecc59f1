// Issue 19 part B (games: rounds, round questions, players and their rounds): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 18's seeds (server/demo/seed.ts). Every tenant gets two hand-written
// games (safety, then information security: three rounds each, a short material and three
// questions per round) in its language (acme, 1002, is English, as in seed-work.ts), and every game
// the catalogue seeded gets three rounds from the same material, so each game card opens a playable
// game; round_count follows the rounds. Nobody has played yet (the e2e passes two rounds).
// Explicit tenant filters: the owner may be a superuser, which row-level security does not bind.
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { GameQuestionKind } from '../db/types-games';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

interface SeedQuestion { kind: GameQuestionKind; stem: string; options: string[]; answer: string[]; explanation: string }
interface SeedRound { title: string; content: string; questions: SeedQuestion[] }
interface SeedGame { title: string; summary: string; rounds: number[] }

const JUDGE_ZH = ['正确', '错误'];
const JUDGE_EN = ['True', 'False'];

const ROUNDS_ZH: SeedRound[] = [
  {
    title: '消防安全常识',
    content: '火灾初起的三分钟是扑救的黄金时间。发现火情，先呼喊报警，再就近取用灭火器。\n\n使用干粉灭火器牢记“提、拔、握、压”：提起灭火器，拔掉保险销，握住喷管对准火焰根部，压下压把。\n\n电器着火要先切断电源；油锅着火用锅盖盖灭，切勿用水浇。火灾报警电话是 119。',
    questions: [
      { kind: 'single', stem: '火灾报警电话是多少？', options: ['110', '119', '120', '122'], answer: ['B'], explanation: '119 是火警电话；110 报警，120 急救，122 交通事故。' },
      { kind: 'single', stem: '使用灭火器时，喷管应对准哪里？', options: ['火焰顶部', '火焰根部', '浓烟处', '任意位置'], answer: ['B'], explanation: '对准火焰根部才能切断燃烧，喷向火焰顶部几乎无效。' },
      { kind: 'judge', stem: '油锅起火时，可以直接用水浇灭。', options: JUDGE_ZH, answer: ['F'], explanation: '水遇热油会迸溅，使火势扩大；应盖上锅盖隔绝空气。' },
    ],
  },
  {
    title: '用电安全',
    content: '不私拉乱接电线，不超负荷使用插线板，离开时关闭不用的电器。\n\n发现有人触电，切勿直接用手拉扯，应先切断电源，或用干燥的木棍等绝缘物挑开电线。\n\n潮湿的手不要触碰开关和插头；电器冒烟或有焦糊味时立即断电并报修。',
    questions: [
      { kind: 'single', stem: '发现有人触电，第一步应该做什么？', options: ['用手把人拉开', '切断电源', '往身上泼水', '拨打电话后等待'], answer: ['B'], explanation: '先切断电源，避免施救者也触电。' },
      { kind: 'multiple', stem: '以下哪些做法会带来用电隐患？（多选）', options: ['多个大功率电器共用一个插线板', '湿手插拔插头', '离开时关闭电器电源', '私拉乱接电线'], answer: ['A', 'B', 'D'], explanation: '关闭电源是好习惯，其余三项都可能引发触电或火灾。' },
      { kind: 'judge', stem: '可以用干燥的木棍挑开触电者身上的电线。', options: JUDGE_ZH, answer: ['T'], explanation: '干燥的木棍不导电，是现场常用的绝缘工具。' },
    ],
  },
  {
    title: '急救与应急疏散',
    content: '遇到紧急情况先确认环境安全，再施救，并尽快拨打 120。\n\n疏散时走安全出口和楼梯，不乘电梯；浓烟中用湿毛巾捂住口鼻，弯腰低姿前进。\n\n心肺复苏按压部位在胸部正中两乳头连线中点，按压频率每分钟 100 到 120 次。',
    questions: [
      { kind: 'single', stem: '火灾疏散时应该怎样离开？', options: ['乘坐电梯', '走安全出口和楼梯', '躲进卫生间', '返回取贵重物品'], answer: ['B'], explanation: '火灾时电梯可能断电停运，应走楼梯疏散。' },
      { kind: 'single', stem: '心肺复苏的胸外按压频率是每分钟多少次？', options: ['60 到 80 次', '80 到 100 次', '100 到 120 次', '越快越好'], answer: ['C'], explanation: '指南建议每分钟 100 到 120 次。' },
      { kind: 'judge', stem: '穿越浓烟时应弯腰低姿前进，并用湿毛巾捂住口鼻。', options: JUDGE_ZH, answer: ['T'], explanation: '烟气向上聚集，低处空气相对较好，湿毛巾可过滤部分烟尘。' },
    ],
  },
  {
    title: '密码与账号安全',
    content: '好密码足够长，混合大小写字母、数字和符号，并且不同网站使用不同的密码。\n\n开启双重验证后，即使密码泄露，别人也难以登录你的账号。\n\n不要把密码写在便签上贴在显示器旁，也不要通过聊天工具发送密码。',
    questions: [
      { kind: 'single', stem: '下面哪个密码最安全？', options: ['123456', 'password', 'Zhang1990', 'k7#Lp!2qWx9&'], answer: ['D'], explanation: '长且混合多种字符、与个人信息无关的密码最难猜。' },
      { kind: 'judge', stem: '为了方便记忆，所有网站都用同一个密码是安全的。', options: JUDGE_ZH, answer: ['F'], explanation: '一个网站泄露，其他网站的账号也会被撞库登录。' },
      { kind: 'multiple', stem: '哪些做法能保护账号安全？（多选）', options: ['开启双重验证', '定期检查登录记录', '把密码贴在显示器上', '不同网站使用不同密码'], answer: ['A', 'B', 'D'], explanation: '把密码贴在显示器上等于公开密码。' },
    ],
  },
  {
    title: '识别钓鱼邮件',
    content: '钓鱼邮件常冒充领导、财务或快递，制造紧迫感，诱导你点击链接或下载附件。\n\n收到要求转账、修改收款账户或索要验证码的邮件，一定通过电话等其他渠道核实。\n\n点开链接前先把鼠标悬停在链接上，看清真实网址。',
    questions: [
      { kind: 'single', stem: '收到“领导”邮件要求紧急转账，应该怎么做？', options: ['立即转账', '回复邮件询问', '通过电话等其他渠道核实', '转发给同事'], answer: ['C'], explanation: '冒充领导是常见骗局，应通过邮件以外的渠道核实。' },
      { kind: 'multiple', stem: '钓鱼邮件的常见特征有哪些？（多选）', options: ['制造紧迫感', '索要验证码或密码', '发件地址与真实域名相似但不同', '内容是公司公开的节日通知'], answer: ['A', 'B', 'C'], explanation: '普通的公开通知不会索要敏感信息。' },
      { kind: 'judge', stem: '把鼠标悬停在链接上，可以看到它的真实网址。', options: JUDGE_ZH, answer: ['T'], explanation: '显示的文字可以伪装，悬停显示的才是真实地址。' },
    ],
  },
  {
    title: '数据保护与保密',
    content: '工作资料按密级存放，敏感文件不上传到个人网盘，不通过私人邮箱发送。\n\n离开座位时锁定电脑屏幕（Windows 按 Win+L）。\n\n废弃的纸质资料用碎纸机处理，含客户信息的文件不得随意丢弃。',
    questions: [
      { kind: 'single', stem: '离开工位时，电脑应该怎么处理？', options: ['保持屏幕打开', '锁定屏幕', '拔掉网线', '调低亮度'], answer: ['B'], explanation: '锁屏能防止他人趁机查看或操作你的电脑。' },
      { kind: 'judge', stem: '可以把含客户信息的文件上传到个人网盘，方便在家办公。', options: JUDGE_ZH, answer: ['F'], explanation: '个人网盘不受公司管控，存在泄露风险。' },
      { kind: 'single', stem: '含敏感信息的废弃纸质资料应如何处理？', options: ['直接扔进垃圾桶', '带回家', '用碎纸机粉碎', '当草稿纸用'], answer: ['C'], explanation: '粉碎后才能防止信息被拼回泄露。' },
    ],
  },
];

const ROUNDS_EN: SeedRound[] = [
  {
    title: 'Fire safety basics',
    content: 'The first three minutes of a fire are the best time to fight it. Raise the alarm first, then take the nearest extinguisher.\n\nUse an extinguisher with PASS: Pull the pin, Aim at the base of the fire, Squeeze the handle, Sweep from side to side.\n\nCut the power before fighting an electrical fire; smother a pan fire with a lid and never pour water on it. In an emergency, call the fire service.',
    questions: [
      { kind: 'single', stem: 'What does the P in PASS stand for?', options: ['Push the button', 'Pull the pin', 'Point upwards', 'Pour water'], answer: ['B'], explanation: 'PASS: Pull the pin, Aim, Squeeze, Sweep.' },
      { kind: 'single', stem: 'Where should you aim an extinguisher?', options: ['At the top of the flames', 'At the base of the fire', 'At the smoke', 'Anywhere'], answer: ['B'], explanation: 'Only the base of the fire cuts off the fuel; the top of the flames barely reacts.' },
      { kind: 'judge', stem: 'You can put out a burning pan of oil with water.', options: JUDGE_EN, answer: ['F'], explanation: 'Water makes hot oil splash and spreads the fire; cover the pan with a lid.' },
    ],
  },
  {
    title: 'Electrical safety',
    content: 'Do not overload power strips, do not run your own cables, and switch off what you do not use when you leave.\n\nIf someone is being shocked, do not touch them: cut the power first, or push the cable away with something dry that does not conduct, such as a wooden stick.\n\nNever touch switches or plugs with wet hands; if a device smokes or smells burnt, unplug it and report it.',
    questions: [
      { kind: 'single', stem: 'Someone is being shocked. What is the first thing to do?', options: ['Pull them away by hand', 'Cut the power', 'Throw water on them', 'Call someone and wait'], answer: ['B'], explanation: 'Cut the power first, so the helper is not shocked too.' },
      { kind: 'multiple', stem: 'Which of these are electrical hazards? (choose all that apply)', options: ['Several heaters on one power strip', 'Unplugging with wet hands', 'Switching devices off when leaving', 'Running your own cables'], answer: ['A', 'B', 'D'], explanation: 'Switching off is a good habit; the other three can cause shocks or fires.' },
      { kind: 'judge', stem: 'A dry wooden stick can be used to push a cable away from someone being shocked.', options: JUDGE_EN, answer: ['T'], explanation: 'Dry wood does not conduct electricity.' },
    ],
  },
  {
    title: 'First aid and evacuation',
    content: 'In an emergency, make sure the scene is safe before you help, and call an ambulance at once.\n\nEvacuate by the emergency exits and stairs, never the lift; in smoke, cover your nose and mouth with a wet cloth and stay low.\n\nFor CPR, press in the centre of the chest, 100 to 120 times a minute.',
    questions: [
      { kind: 'single', stem: 'How should you leave a building on fire?', options: ['By the lift', 'By the emergency exits and stairs', 'Hide in the bathroom', 'Go back for valuables'], answer: ['B'], explanation: 'Lifts may stop when the power fails; use the stairs.' },
      { kind: 'single', stem: 'How fast should chest compressions be during CPR?', options: ['60 to 80 a minute', '80 to 100 a minute', '100 to 120 a minute', 'As fast as possible'], answer: ['C'], explanation: 'Guidelines advise 100 to 120 compressions a minute.' },
      { kind: 'judge', stem: 'In smoke, stay low and cover your nose and mouth with a wet cloth.', options: JUDGE_EN, answer: ['T'], explanation: 'Smoke rises, so the air is cleaner near the floor.' },
    ],
  },
  {
    title: 'Passwords and accounts',
    content: 'A good password is long, mixes upper and lower case letters, digits and symbols, and is different for every site.\n\nWith two-factor authentication on, a leaked password alone is not enough to sign in to your account.\n\nNever write passwords on a note by your screen, and never send them in a chat.',
    questions: [
      { kind: 'single', stem: 'Which password is the strongest?', options: ['123456', 'password', 'John1990', 'k7#Lp!2qWx9&'], answer: ['D'], explanation: 'Long, mixed and unrelated to you is the hardest to guess.' },
      { kind: 'judge', stem: 'Using one password for every site is safe if it is strong.', options: JUDGE_EN, answer: ['F'], explanation: 'When one site leaks it, every other account can be opened with it.' },
      { kind: 'multiple', stem: 'Which habits protect your account? (choose all that apply)', options: ['Turning on two-factor authentication', 'Checking your sign-in history', 'Sticking the password on your screen', 'A different password for each site'], answer: ['A', 'B', 'D'], explanation: 'A password on your screen is a public password.' },
    ],
  },
  {
    title: 'Spotting phishing',
    content: 'Phishing emails pose as a manager, finance or a courier and create urgency so that you click a link or open an attachment.\n\nAny email asking for a payment, new bank details or a verification code must be checked by phone or another channel.\n\nBefore clicking a link, hover over it and read the real address.',
    questions: [
      { kind: 'single', stem: 'Your "manager" emails asking for an urgent transfer. What do you do?', options: ['Transfer at once', 'Reply to the email to ask', 'Check by phone or another channel', 'Forward it to a colleague'], answer: ['C'], explanation: 'Posing as a manager is a classic trick: check outside email.' },
      { kind: 'multiple', stem: 'What are common signs of phishing? (choose all that apply)', options: ['Urgency', 'Asking for a code or password', 'A sender address that looks like the real domain but is not', 'The company\'s public holiday notice'], answer: ['A', 'B', 'C'], explanation: 'A public notice never asks for secrets.' },
      { kind: 'judge', stem: 'Hovering over a link shows its real address.', options: JUDGE_EN, answer: ['T'], explanation: 'The visible text can lie; the hovered address is where it goes.' },
    ],
  },
  {
    title: 'Protecting data',
    content: 'Store work files by classification; never upload sensitive files to a personal cloud drive or send them from a private mailbox.\n\nLock your screen when you leave your desk (Windows: Win+L).\n\nShred paper you no longer need; documents with customer data must never go in the bin whole.',
    questions: [
      { kind: 'single', stem: 'What should you do with your computer when you leave your desk?', options: ['Leave the screen on', 'Lock the screen', 'Unplug the network cable', 'Dim the screen'], answer: ['B'], explanation: 'A locked screen stops others from reading or using your computer.' },
      { kind: 'judge', stem: 'You may upload customer files to your personal cloud drive to work from home.', options: JUDGE_EN, answer: ['F'], explanation: 'A personal drive is outside the company\'s control and may leak.' },
      { kind: 'single', stem: 'How should old papers with sensitive data be thrown away?', options: ['In the bin', 'Taken home', 'Shredded', 'Used as scrap paper'], answer: ['C'], explanation: 'Only shredding stops them being pieced together.' },
    ],
  },
];

const GAMES_ZH: SeedGame[] = [
  { title: '安全生产知识闯关', summary: '三关带你掌握消防、用电和应急疏散的要点：先读关卡资料，再限时答题，通过一关解锁下一关。', rounds: [0, 1, 2] },
  { title: '信息安全闯关挑战', summary: '密码、钓鱼邮件和数据保密，三关练就信息安全好习惯，得分越高、用时越短，星星越多。', rounds: [3, 4, 5] },
];
const GAMES_EN: SeedGame[] = [
  { title: 'Workplace safety quest', summary: 'Three rounds on fire, electrical safety and evacuation: read each round\'s notes, answer against the clock, and pass a round to unlock the next.', rounds: [0, 1, 2] },
  { title: 'Information security challenge', summary: 'Passwords, phishing and data protection in three rounds: the higher your score and the faster you are, the more stars you earn.', rounds: [3, 4, 5] },
];

/** Seconds to answer a seeded round, and its pass score (percent). */
const TIME_LIMIT = 120;
const PASS_SCORE = 60;
const KEYS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** Writes the rounds of one game from the pool, in order, and sets its round_count. */
async function writeRounds(trx: Transaction<DB>, tenantId: number, gameId: number, pool: SeedRound[], picks: number[]): Promise<void> {
  for (const [i, pick] of picks.entries()) {
    const r = pool[pick]!;
    const round = await trx.insertInto('game_round').values({
      tenant_id: tenantId, game_id: gameId, sort: i + 1, title: r.title, content: r.content, time_limit: TIME_LIMIT, pass_score: PASS_SCORE,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('game_round_question').values(r.questions.map((q, k) => ({
      tenant_id: tenantId, round_id: round.id, sort: k + 1, kind: q.kind, stem: q.stem,
      options: JSON.stringify(q.options.map((text, o) => ({ key: q.kind === 'judge' ? (o === 0 ? 'T' : 'F') : KEYS[o]!, text }))),
      answer: q.answer, explanation: q.explanation, score: 1,
    }))).execute();
  }
  await trx.updateTable('game').set({ round_count: picks.length }).where('tenant_id', '=', tenantId).where('id', '=', gameId).execute();
}

/** Seeds the games of one tenant; returns the ids of the two hand-written games. */
export async function seedGames(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<number[]> {
  const english = ENGLISH_TENANTS.has(tenantId);
  const pool = english ? ROUNDS_EN : ROUNDS_ZH;
  const catalogue = await trx.selectFrom('game').select(['id', 'category_id', 'cover', 'player_count']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  const top = catalogue.reduce((n, g) => Math.max(n, g.player_count), 0);
  const ids: number[] = [];
  for (const [i, g] of (english ? GAMES_EN : GAMES_ZH).entries()) {
    // The hand-written games lead the list (popular: most players), the first game first.
    const made = await trx.insertInto('game').values({
      tenant_id: tenantId, title: g.title, summary: g.summary, cover: catalogue[i]?.cover ?? null, category_id: catalogue[0]?.category_id ?? null,
      state: 1, publish_time: new Date(now.getTime() - (i + 1) * 86_400_000), player_count: top + 200 - i * 100, round_count: 0,
    }).returning('id').executeTakeFirstOrThrow();
    await writeRounds(trx, tenantId, made.id, pool, g.rounds);
    ids.push(made.id);
  }
  for (const [i, g] of catalogue.entries()) {
    await writeRounds(trx, tenantId, g.id, pool, [0, 1, 2].map((k) => (i + k) % pool.length));
  }
  return ids;
}
