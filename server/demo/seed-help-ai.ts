// The help texts of the AI tenant (1004, seed-catalogue-ai.ts), by article title; seed-help.ts
// writes them as it writes the academies'. Written for the AI area (spec learning §2 "AI area").
const steps = (items: string[]) => `<ol>${items.map((s) => `<li>${s}</li>`).join('')}</ol>`;
const p = (text: string) => `<p>${text}</p>`;

export const AI_HELP_BODIES: Record<string, string> = {
  如何向AI学伴提问: p('AI 学伴会根据本站的帮助文章和课程资料回答你的问题，并附上相关内容的链接。')
    + steps(['在顶部导航点击<strong>AI 对话</strong>，进入对话页面。', '在页面下方的输入框里写下你的问题，一次问一件事效果最好。', '按 <strong>Enter</strong> 发送；需要换行时按 <strong>Shift + Enter</strong>。', '点击回答下方的链接，可以直接打开相关的帮助文章、课程或测验。'])
    + p('问题最多 500 个字。不知道问什么时，可以点击输入框上方的推荐问题。'),
  AI学伴的回答从哪里来: p('AI 学伴只根据本站的资料回答：帮助中心的文章，以及课程、专题、知识和测验的标题。')
    + p('如果平台接入了大模型服务，回答会由大模型根据同样的资料重新组织语言；未接入或服务暂时不可用时，会直接给出帮助文章中的要点，并在回答下方注明。')
    + p('AI 生成的内容仅供参考。涉及考试规则、证书等重要事项时，请以帮助文章和管理员的通知为准。'),
  对话记录保存在哪里: p('登录后，你和 AI 学伴的每一次对话都会自动保存。')
    + steps(['在对话页面左侧的<strong>我的对话</strong>列表中，点击任意一条即可继续之前的对话。', '也可以打开<strong>我的对话</strong>页面，查看全部历史对话。'])
    + p('未登录时提问不会保存记录，刷新页面后对话内容会消失。'),
  如何删除对话记录: steps(['登录后进入<strong>我的对话</strong>页面。', '找到要删除的对话，点击右侧的<strong>删除</strong>。', '在确认框中点击<strong>删除</strong>，对话及其全部消息会被永久删除，无法恢复。'])
    + p('删除对话不会影响你的学习记录和证书。'),
  AI绘画和写作怎么开通: p('AI 写作（提纲、摘要、精简改写）、学习应用和数字人朗读无需开通，登录后即可使用，每次按机构的规则消耗 AI 点数。')
    + p('AI 绘画，以及正式、通俗语气的改写，需要机构管理员在管理后台的「AI 服务设置」中接入大模型服务（图片模型、对话模型）。未接入时，页面会写明还需要配置什么，不会扣除点数。')
    + p('AI 点数不足时，可以在<strong>充值</strong>页面购买点数包，用模拟支付完成付款后立即到账。'),
};
