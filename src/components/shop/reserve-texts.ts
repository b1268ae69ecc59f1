// The `shop-reserve` namespace (docs/i18n.md): reservations, contracts and refunds (issue 20 part R),
// shared by the shop's product and order pages, the personal center's shopReserve and shopContract
// and the back office's refunds page (spec learning §9: shop and order texts in zh and en).
import { useTranslation } from 'react-i18next';
import { defineTexts, useTexts } from '../../i18n/texts';

const TEXTS = {
  zh: {
    loadFailed: '加载失败', retry: '重试', cancel: '取消', confirm: '确定', close: '关闭',
    // slots on the product page
    pickSlot: '选择预约时段', noSlots: '暂无可预约的时段，请稍后再来看看', slotFree: '剩余 {{n}} 个名额', slotFull: '已约满', slotMine: '我已预约',
    slotsOf: '{{date}} 的时段', note: '备注（选填）', notePh: '给老师或商家的留言，200 字以内', reserve: '立即预约', reserveFree: '免费预约',
    pickFirst: '请先选择一个时段', reserved: '预约成功', reservedPay: '预约已提交，请在 30 分钟内支付', signBuy: '签约购买',
    contractHint: '下单后需阅读并确认合同，确认后才能支付。', serviceHint: '预约类服务不发货：选择时段预约，开始前可取消。',
    // reservations
    myReservations: '我的预约', tabUpcoming: '待服务', tabPast: '已结束', tabCancelled: '已取消', noReservations: '暂无预约',
    goReserve: '去预约服务', status_toPay: '待支付', status_upcoming: '待服务', status_past: '已结束', status_cancelled: '已取消',
    time: '时间', provider: '服务方', price: '金额', freeOfCharge: '免费', orderNo: '订单号', cancelReserve: '取消预约',
    cancelReserveConfirm: '确定取消这个预约吗？名额将被释放，已支付的款项将原路退回。', reserveCancelled: '预约已取消',
    viewOrder: '查看订单', payNow: '去支付', reservation: '预约信息', reserveNote: '备注',
    // contracts
    myContracts: '我的合同', tabPending: '待确认', tabConfirmed: '已确认', noContracts: '暂无合同', contract: '合同',
    contractNo: '合同编号', product: '商品', signedBy: '签署人', confirmedAt: '确认时间', createdAt: '生成时间',
    open: '查看合同', readAndConfirm: '阅读并确认', confirmContract: '确认合同', signerName: '您的姓名', signerPh: '请输入您的姓名（2 到 30 个字）',
    agree: '我已阅读并同意本合同', needName: '请输入您的姓名（2 到 30 个字）', needAgree: '请先勾选“我已阅读并同意本合同”',
    contractConfirmed: '合同已确认，现在可以支付了', downloadPdf: '下载 PDF', contractPending: '待确认', contractDone: '已确认',
    contractPayHint: '请先阅读并确认合同，确认后才能支付。', orderCancelled: '订单已取消', contractOrderClosed: '该合同的订单已取消，无需确认。',
    // refunds
    refund: '退款', applyRefund: '申请退款', refundReason: '退款原因', refundReasonPh: '请说明退款原因（2 到 200 个字）', refundSubmit: '提交申请',
    refundApplied: '退款申请已提交，请等待商家处理', refund_requested: '退款处理中', refund_approved: '已退款', refund_rejected: '退款被驳回',
    refundAmount: '退款金额', merchantNote: '商家说明', appliedAt: '申请时间', decidedAt: '处理时间', refundAgain: '重新申请',
    refundAuto: '预约已取消，款项已自动退回', refundedNote: '订单已退款，款项已按原支付方式退回（模拟支付）', needReason: '请填写退款原因（2 到 200 个字）',
    // back office
    refundsTitle: '退款审核', stateAll: '全部', buyer: '买家', items: '商品', reason: '原因', state: '状态', actions: '操作',
    approve: '同意退款', reject: '驳回', approveConfirm: '同意后订单将标记为已退款，库存恢复，预约名额释放。确定同意吗？',
    rejectTitle: '驳回退款申请', rejectNote: '驳回说明（买家可见）', rejectNotePh: '请说明驳回原因', approveNote: '说明（选填，买家可见）',
    approved: '已同意退款', rejected: '已驳回', noRefunds: '暂无退款申请', paging: '共 {{total}} 条', forbidden: '您没有管理后台的权限，请联系租户管理员开通。',
    // errors the server names by code
    err_SLOT_FULL: '该时段已约满，请选择其他时段。', err_SLOT_PAST: '该时段已开始或已结束，请选择其他时段。',
    err_SLOT_ALREADY_MINE: '您已预约了这个时段，无需重复预约。', err_SLOT_CLOSED: '该时段已停止预约，请选择其他时段。',
    err_CONTRACT_NOT_CONFIRMED: '请先阅读并确认合同，确认后才能支付。', err_REFUND_PENDING: '该订单已有待处理的退款申请。',
    err_RESERVATION_STARTED: '该预约的时段已开始，不能再取消。', err_RATE_LIMITED: '操作太频繁，请一分钟后再试。',
  },
  en: {
    loadFailed: 'Could not load', retry: 'Retry', cancel: 'Cancel', confirm: 'OK', close: 'Close',
    pickSlot: 'Choose a time', noSlots: 'No times to book yet; please look again later', slotFree_one: '{{n}} seat left', slotFree_other: '{{n}} seats left', slotFull: 'Full', slotMine: 'Booked by me',
    slotsOf: 'Times on {{date}}', note: 'Note (optional)', notePh: 'A message for the tutor or provider, up to 200 characters', reserve: 'Book now', reserveFree: 'Book for free',
    pickFirst: 'Please choose a time first', reserved: 'Booked', reservedPay: 'Booking placed; please pay within 30 minutes', signBuy: 'Order with contract',
    contractHint: 'After ordering, read and confirm the contract; then you can pay.', serviceHint: 'A service ships nothing: book a time; cancel any time before it starts.',
    myReservations: 'My reservations', tabUpcoming: 'Upcoming', tabPast: 'Past', tabCancelled: 'Cancelled', noReservations: 'No reservations',
    goReserve: 'Find a service', status_toPay: 'To pay', status_upcoming: 'Upcoming', status_past: 'Past', status_cancelled: 'Cancelled',
    time: 'Time', provider: 'Provider', price: 'Price', freeOfCharge: 'Free', orderNo: 'Order no.', cancelReserve: 'Cancel booking',
    cancelReserveConfirm: 'Cancel this booking? The seat is freed and a paid booking is refunded.', reserveCancelled: 'Booking cancelled',
    viewOrder: 'View order', payNow: 'Pay', reservation: 'Booking', reserveNote: 'Note',
    myContracts: 'My contracts', tabPending: 'To confirm', tabConfirmed: 'Confirmed', noContracts: 'No contracts', contract: 'Contract',
    contractNo: 'Contract no.', product: 'Product', signedBy: 'Signed by', confirmedAt: 'Confirmed on', createdAt: 'Made on',
    open: 'Open', readAndConfirm: 'Read and confirm', confirmContract: 'Confirm contract', signerName: 'Your name', signerPh: 'Type your name (2 to 30 characters)',
    agree: 'I have read and agree to this contract', needName: 'Please type your name (2 to 30 characters)', needAgree: 'Please tick "I have read and agree to this contract"',
    contractConfirmed: 'Contract confirmed; you can pay now', downloadPdf: 'Download PDF', contractPending: 'To confirm', contractDone: 'Confirmed',
    contractPayHint: 'Read and confirm the contract first; then you can pay.', orderCancelled: 'Order cancelled', contractOrderClosed: 'The order of this contract was cancelled; nothing to confirm.',
    refund: 'Refund', applyRefund: 'Request a refund', refundReason: 'Reason', refundReasonPh: 'Why do you want a refund? (2 to 200 characters)', refundSubmit: 'Submit',
    refundApplied: 'Refund requested; the merchant will decide soon', refund_requested: 'Refund pending', refund_approved: 'Refunded', refund_rejected: 'Refund rejected',
    refundAmount: 'Amount', merchantNote: 'Merchant\'s note', appliedAt: 'Requested on', decidedAt: 'Decided on', refundAgain: 'Request again',
    refundAuto: 'Booking cancelled; the payment was refunded automatically', refundedNote: 'Refunded: the payment went back the way it was paid (simulated)', needReason: 'Please give a reason (2 to 200 characters)',
    refundsTitle: 'Refund requests', stateAll: 'All', buyer: 'Buyer', items: 'Items', reason: 'Reason', state: 'State', actions: 'Actions',
    approve: 'Approve', reject: 'Reject', approveConfirm: 'The order becomes refunded, its stock is restored and a booking\'s seat is freed. Approve?',
    rejectTitle: 'Reject the refund request', rejectNote: 'Why (the buyer sees this)', rejectNotePh: 'Say why the request is rejected', approveNote: 'Note (optional; the buyer sees it)',
    approved: 'Refund approved', rejected: 'Request rejected', noRefunds: 'No refund requests', paging: '{{total}} in all', forbidden: 'You have no back-office rights; ask the tenant\'s administrator.',
    err_SLOT_FULL: 'This time is fully booked; please choose another.', err_SLOT_PAST: 'This time has started or ended; please choose another.',
    err_SLOT_ALREADY_MINE: 'You have already booked this time.', err_SLOT_CLOSED: 'This time is no longer open; please choose another.',
    err_CONTRACT_NOT_CONFIRMED: 'Read and confirm the contract first; then you can pay.', err_REFUND_PENDING: 'This order already has a refund request waiting.',
    err_RESERVATION_STARTED: 'This booking has started and can no longer be cancelled.', err_RATE_LIMITED: 'Too many tries; please wait a minute.',
  },
};

type Key = keyof typeof TEXTS.zh;

/** The `shop-reserve` namespace. */
export const RESERVE_TEXTS = defineTexts('shop-reserve', TEXTS);
export const useReserveTexts = () => useTexts(RESERVE_TEXTS);

/**
 * The text of a failed call: our words for the codes we know; otherwise the server's sentence in
 * Chinese, or the generic failure in English (the server speaks Chinese; spec learning §9).
 */
export function useReserveFailure(): (error: unknown) => string {
  const t = useReserveTexts();
  const english = useTranslation().i18n.language === 'en';
  return (error) => {
    const e = error as { errorCode?: string; message?: string } | null;
    const key = `err_${e?.errorCode ?? ''}`;
    if (e?.errorCode && key in TEXTS.zh) return t(key as Key);
    if (!english && e?.message) return e.message;
    return t('loadFailed');
  };
}
