// The `admin-stores` namespace (docs/i18n.md): the back office's made-to-order requests and
// applications to open a shop (issue 20 part S), registered when the chunk loads.
import { defineTexts, useTexts } from '../../../i18n/texts';

const STORES = defineTexts('admin-stores', {
  zh: {
    back: '返回管理后台', retry: '重试', loadFailed: '加载失败', all: '全部', open: '处理', cancel: '取消', close: '关闭',
    // makeRequests
    requestsTitle: '定制需求', requestsIntro: '学员提交的定制需求：查看需求、报价，并与学员沟通。接受报价后会生成订单，学员按普通订单支付。',
    noRequests: '暂无定制需求', applicant: '提交人', kind: '定制类型', budget: '预算', deadline: '期望完成', updated: '更新时间', state: '状态', actions: '操作',
    state_submitted: '待报价', state_quoted: '已报价', state_accepted: '已接受', state_declined: '已拒绝', state_withdrawn: '已撤回',
    openLabel: '处理“{{title}}”', description: '需求描述', contact: '联系人', attachments: '附件', quote: '报价', quoteAgain: '修改报价',
    price: '报价金额（元）', priceRule: '请填写大于 0 的金额，最多两位小数', deliveryDate: '交付日期', deliveryRule: '请选择今天之后的日期',
    note: '报价说明（选填）', sendQuote: '发送报价', quoted: '报价已发送', currentQuote: '当前报价：{{price}}，{{date}} 交付',
    orderInfo: '已生成订单（编号 {{id}}），订单状态：{{state}}', order_1: '待付款', order_2: '待收货', order_3: '已完成', order_4: '已取消',
    declineReason: '学员拒绝原因：{{reason}}', messages: '沟通记录', noMessages: '还没有留言。', staff: '商家', learner: '学员',
    reply: '回复学员', replyRule: '请填写回复内容', send: '发送', sent: '回复已发送', closedThread: '需求已关闭，不能再留言。',
    // storeApplications
    appsTitle: '开店申请', appsIntro: '审核用户的开店申请：通过后会创建店铺（学校或商家），出现在商家列表中；驳回需要填写原因。',
    noApps: '暂无开店申请', shopName: '店铺名称', orgType: '类型', orgSchool: '学校', orgMerchant: '商家', licenceNo: '执照编号', appliedAt: '申请时间',
    apply_pending: '待审核', apply_approved: '已通过', apply_rejected: '已驳回', approve: '通过', approveConfirm: '通过后将创建店铺“{{name}}”，确定吗？',
    approved: '已通过，店铺已开通', reject: '驳回', rejectTitle: '驳回“{{name}}”的申请', rejectReason: '驳回原因（申请人可见）', rejectRule: '请填写驳回原因',
    rejected: '已驳回', viewStore: '查看店铺', approveLabel: '通过“{{name}}”', rejectLabel: '驳回“{{name}}”',
  },
  en: {
    back: 'Back to the back office', retry: 'Retry', loadFailed: 'Could not load', all: 'All', open: 'Handle', cancel: 'Cancel', close: 'Close',
    requestsTitle: 'Made-to-order requests', requestsIntro: 'Requests learners sent: read them, quote and talk with the learner. An accepted quote becomes an order the learner pays like any other.',
    noRequests: 'No requests yet', applicant: 'From', kind: 'Kind', budget: 'Budget', deadline: 'Wanted by', updated: 'Updated', state: 'State', actions: 'Actions',
    state_submitted: 'Awaiting quote', state_quoted: 'Quoted', state_accepted: 'Accepted', state_declined: 'Declined', state_withdrawn: 'Withdrawn',
    openLabel: 'Handle "{{title}}"', description: 'Description', contact: 'Contact', attachments: 'Attachments', quote: 'Quote', quoteAgain: 'Change the quote',
    price: 'Price', priceRule: 'Enter an amount above 0, at most two decimals', deliveryDate: 'Delivery date', deliveryRule: 'Choose a date after today',
    note: 'Notes (optional)', sendQuote: 'Send quote', quoted: 'Quote sent', currentQuote: 'Current quote: {{price}}, delivered by {{date}}',
    orderInfo: 'Order {{id}} was made; its state: {{state}}', order_1: 'Pending payment', order_2: 'To be received', order_3: 'Completed', order_4: 'Cancelled',
    declineReason: 'The learner\'s reason: {{reason}}', messages: 'Messages', noMessages: 'No messages yet.', staff: 'Shop', learner: 'Learner',
    reply: 'Reply to the learner', replyRule: 'Write a reply first', send: 'Send', sent: 'Reply sent', closedThread: 'The request is closed; messages are off.',
    appsTitle: 'Applications to open a shop', appsIntro: 'Review applications: approving creates the store (a school or a merchant) in the store list; rejecting needs a reason.',
    noApps: 'No applications yet', shopName: 'Shop name', orgType: 'Type', orgSchool: 'School', orgMerchant: 'Merchant', licenceNo: 'Licence', appliedAt: 'Applied',
    apply_pending: 'Pending', apply_approved: 'Approved', apply_rejected: 'Rejected', approve: 'Approve', approveConfirm: 'Approving creates the store "{{name}}". Go ahead?',
    approved: 'Approved; the store is open', reject: 'Reject', rejectTitle: 'Reject "{{name}}"', rejectReason: 'Reason (the applicant sees it)', rejectRule: 'Enter a reason',
    rejected: 'Rejected', viewStore: 'View store', approveLabel: 'Approve "{{name}}"', rejectLabel: 'Reject "{{name}}"',
  },
});

export type StoresTexts = ReturnType<typeof useStoresTexts>;
export const useStoresTexts = () => useTexts(STORES);
