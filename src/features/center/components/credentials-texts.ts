// The `center-credentials` namespace (docs/i18n.md): the personal center's myCredentials (issue 19 part E).
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_CREDENTIALS = defineTexts('center-credentials', {
  zh: {
    filter: '按状态筛选', all: '全部', valid: '有效', expired: '已过期', revoked: '已撤销',
    issuedBy: '发证机构：{{issuer}}', issuedOn: '发证日期：{{date}}', validUntil: '有效期至：{{date}}', never: '长期有效',
    code: '证书编号：{{code}}', from: '来自：{{source}}', course: '课程', task: '学习任务', exam: '考试', details: '查看详情',
    none: '还没有证书', noneHint: '完成课程、学习任务或通过考试后，按机构的规则自动颁发', findCourses: '去学习课程',
    privateNote: '未公开验证',
  },
  en: {
    filter: 'Filter by state', all: 'All', valid: 'Valid', expired: 'Expired', revoked: 'Revoked',
    issuedBy: 'Issued by {{issuer}}', issuedOn: 'Issued on {{date}}', validUntil: 'Valid until {{date}}', never: 'No expiry',
    code: 'Certificate no. {{code}}', from: 'From: {{source}}', course: 'Course', task: 'Learning task', exam: 'Exam', details: 'View details',
    none: 'No certificates yet', noneHint: 'They are issued when you finish a course or learning task or pass an exam, as your organisation sets', findCourses: 'Browse courses',
    privateNote: 'Not publicly verifiable',
  },
});

export const useCenterCredentialsTexts = () => useTexts(CENTER_CREDENTIALS);
