// The `games` namespace (docs/i18n.md): the game list, detail, round map, player and history.
import { defineTexts, useTexts } from '../../../i18n/texts';

const GAMES = defineTexts('games', {
  zh: {
    gameList: '闯关游戏', searchPlaceholder: '搜索闯关游戏', empty: '还没有闯关游戏', emptySearch: '没有找到与“{{q}}”相关的闯关游戏',
    found: '共 {{n}} 个闯关游戏', rounds: '{{n}} 关', players: '{{n}} 人参与', myProgress: '已通过 {{passed}}/{{total}} 关', history: '我的闯关记录',
    loadFailed: '加载失败', retry: '重试', backToList: '返回闯关游戏', badId: '链接无效', badIdHint: '请从闯关游戏列表进入。',
    intro: '游戏介绍', rules: '闯关规则', roundsTitle: '关卡', startGame: '开始闯关', continueGame: '继续闯关', replay: '再玩一次', roundMap: '关卡地图',
    signInToPlay: '登录后开始闯关', finishedAll: '你已通过全部关卡，可以重玩任意一关争取更多星星。',
    rule1: '每关先阅读关卡资料，点击“开始答题”后计时开始，限时内作答并交卷。',
    rule2: '得分达到本关及格分即通过，通过后解锁下一关；第 1 关始终开放。',
    rule3: '星级：通过 1 星；得分 ≥ 75 分 2 星；得分 ≥ 90 分且用时不超过限时的一半 3 星。',
    rule4: '超过时限按时限内保存的答案计分；每关首次通过获得积分（星星越多积分越多），可重玩刷新最佳成绩。',
    stateLocked: '未解锁', stateOpen: '可挑战', statePassed: '已通过', inProgress: '答题中',
    timeLimit: '限时 {{time}}', passScore: '及格 {{n}} 分', questions: '{{n}} 题', best: '最佳 {{n}} 分', notPlayed: '未挑战',
    starsLabel: '{{n}} 颗星（共 3 颗）', totalStars: '星星 {{n}}/{{max}}',
    play: '挑战', continueRound: '继续答题', lockedHint: '通过上一关后解锁',
    roundOf: '第 {{n}} 关', material: '关卡资料', materialHint: '先读完资料再开始答题：答题开始后计时，不能暂停。', beginAnswer: '开始答题',
    timeLeft: '剩余时间', submit: '交卷', submitting: '正在交卷…', confirmSubmit: '还有 {{n}} 题未作答，确定交卷吗？', confirmOk: '交卷', confirmCancel: '继续作答',
    saving: '正在保存…', saved: '已保存', saveFailed: '保存失败，将在下次作答时重试', timeUp: '时间到，正在交卷…',
    answered: '已答 {{n}}/{{total}}',
    resultPassed: '闯关成功！', resultFailed: '未通过，再接再厉', score: '得分', scoreValue: '{{n}} 分', correct: '答对 {{n}}/{{total}} 题',
    elapsed: '用时', timedOut: '超时，按时限计分', points: '获得积分 +{{n}}', firstPassNoPoints: '首次通过本关',
    nextRound: '下一关：{{title}}', backToMap: '返回关卡地图', retryRound: '再试一次', explanations: '答案与解析',
    yourAnswer: '你的答案：{{a}}', rightAnswer: '正确答案：{{a}}', noAnswer: '未作答', explanation: '解析：{{e}}', right: '回答正确', wrong: '回答错误',
    allGames: '全部游戏', historyEmpty: '还没有闯关记录，去挑战第一关吧', goPlay: '去闯关', colGame: '游戏', colRound: '关卡', colScore: '得分',
    colStars: '星级', colTime: '用时', colResult: '结果', colFinished: '完成时间', colPoints: '积分', passedTag: '通过', failedTag: '未通过',
    seconds: '{{n}} 秒', minutesSeconds: '{{m}} 分 {{s}} 秒', minutes: '{{n}} 分钟', filterGame: '按游戏筛选', noRounds: '这个游戏还没有关卡。',
    myGames: '我在玩的', playersLabel: '参与人数', attempts: '已挑战 {{n}} 次',
  },
  en: {
    gameList: 'Quiz games', searchPlaceholder: 'Search games', empty: 'No games yet', emptySearch: 'No games match "{{q}}"',
    found_one: '{{n}} game', found_other: '{{n}} games', rounds_one: '{{n}} round', rounds_other: '{{n}} rounds',
    players_one: '{{n}} player', players_other: '{{n}} players', myProgress: '{{passed}}/{{total}} rounds passed', history: 'My plays',
    loadFailed: 'Could not load', retry: 'Retry', backToList: 'Back to games', badId: 'This link is not valid', badIdHint: 'Open a game from the game list.',
    intro: 'About this game', rules: 'Rules', roundsTitle: 'Rounds', startGame: 'Start playing', continueGame: 'Continue', replay: 'Play again', roundMap: 'Round map',
    signInToPlay: 'Sign in to play', finishedAll: 'You have passed every round; replay any round to earn more stars.',
    rule1: 'Read each round\'s notes first; the clock starts when you click "Start answering". Answer and hand in within the time limit.',
    rule2: 'Reach the round\'s pass score to pass it and unlock the next round; round 1 is always open.',
    rule3: 'Stars: 1 for a pass; 2 for a score of 75 or more; 3 for 90 or more within half the time limit.',
    rule4: 'Over the time limit, the answers saved in time are scored. Your first pass of a round earns points (more stars, more points); replays can raise your best.',
    stateLocked: 'Locked', stateOpen: 'Open', statePassed: 'Passed', inProgress: 'In progress',
    timeLimit: '{{time}} limit', passScore: 'Pass {{n}}', questions_one: '{{n}} question', questions_other: '{{n}} questions', best: 'Best {{n}}', notPlayed: 'Not played',
    starsLabel: '{{n}} of 3 stars', totalStars: 'Stars {{n}}/{{max}}',
    play: 'Play', continueRound: 'Continue', lockedHint: 'Pass the previous round to unlock',
    roundOf: 'Round {{n}}', material: 'Round notes', materialHint: 'Read the notes before you start: once answering starts, the clock runs and cannot be paused.', beginAnswer: 'Start answering',
    timeLeft: 'Time left', submit: 'Hand in', submitting: 'Handing in…', confirmSubmit_one: '{{n}} question is unanswered. Hand in anyway?', confirmSubmit_other: '{{n}} questions are unanswered. Hand in anyway?',
    confirmOk: 'Hand in', confirmCancel: 'Keep answering',
    saving: 'Saving…', saved: 'Saved', saveFailed: 'Not saved; it will be retried with your next answer', timeUp: 'Time is up; handing in…',
    answered: '{{n}}/{{total}} answered',
    resultPassed: 'Round passed!', resultFailed: 'Not passed this time', score: 'Score', scoreValue: '{{n}}', correct: '{{n}} of {{total}} right',
    elapsed: 'Time', timedOut: 'Over time: scored at the limit', points: '+{{n}} points', firstPassNoPoints: 'First pass of this round',
    nextRound: 'Next round: {{title}}', backToMap: 'Back to the round map', retryRound: 'Try again', explanations: 'Answers and explanations',
    yourAnswer: 'Your answer: {{a}}', rightAnswer: 'Right answer: {{a}}', noAnswer: 'not answered', explanation: 'Why: {{e}}', right: 'Right', wrong: 'Wrong',
    allGames: 'All games', historyEmpty: 'No plays yet: take on your first round', goPlay: 'Find a game', colGame: 'Game', colRound: 'Round', colScore: 'Score',
    colStars: 'Stars', colTime: 'Time', colResult: 'Result', colFinished: 'Finished', colPoints: 'Points', passedTag: 'Passed', failedTag: 'Not passed',
    seconds: '{{n}} s', minutesSeconds: '{{m}} min {{s}} s', minutes: '{{n}} min', filterGame: 'Filter by game', noRounds: 'This game has no rounds yet.',
    myGames: 'Playing', playersLabel: 'Players', attempts_one: 'Played {{n}} time', attempts_other: 'Played {{n}} times',
  },
});

/** The game pages' texts in the app's language. */
export const useGamesTexts = () => useTexts(GAMES);
export type GamesTexts = ReturnType<typeof useGamesTexts>;

/** Seconds as "45 秒" / "1 分 30 秒" (or "45 s" / "1 min 30 s"). */
export function duration(seconds: number, t: GamesTexts): string {
  if (seconds < 60) return t('seconds', { n: seconds });
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s === 0 ? t('minutes', { n: m }) : t('minutesSeconds', { m, s });
}
