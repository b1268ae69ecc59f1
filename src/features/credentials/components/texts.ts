// The `credentials` namespace (docs/i18n.md): the certificate page and the public verification page (issue 19 part E).
import { defineTexts, useTexts } from '../../../i18n/texts';

const CREDENTIALS = defineTexts('credentials', {
  zh: {
    badId: '链接缺少证书编号', badIdHint: '请从“我的证书”打开证书。', myCredentials: '我的证书', loadFailed: '证书加载失败', retry: '重试',
    notFound: '没有找到这张证书',
    certifies: '兹证明', issuer: '发证机构', issuedOn: '发证日期', validUntil: '有效期至', never: '长期有效', code: '证书编号',
    source: '获得方式', course: '完成课程', task: '完成学习任务', exam: '通过考试', state: '证书状态', revokeReason: '撤销原因',
    verification: '公开验证', publicOn: '任何人可凭验证链接或二维码核验这张证书（只显示姓名、证书名称、发证机构和日期）',
    publicOff: '已关闭：验证页将显示“未找到证书”', publicLabel: '允许公开验证', openVerify: '打开验证页', publicSaved: '已更新公开验证设置',
    expiredNote: '这张证书已过有效期，重新完成对应的学习后会自动续期。', revokedNote: '这张证书已被机构撤销，不再有效。',
    verifyTitle: '证书验证', verifyIntro: '输入证书上的证书编号，核验证书的真伪和状态。', codeLabel: '证书编号', codePlaceholder: '例如 ABCD-EFGH-JKLM',
    verify: '验证', codeRequired: '请输入证书编号', checking: '正在核验…',
    resultValid: '证书有效', resultExpired: '证书已过期', resultRevoked: '证书已撤销', resultNotFound: '未找到证书',
    validHint: '这张证书由发证机构颁发，当前有效。', expiredHint: '这张证书真实颁发过，但已超过有效期。', revokedHint: '这张证书已被发证机构撤销，不再有效。',
    notFoundHint: '没有与这个编号匹配的公开证书。请核对编号，或联系证书持有人。', holder: '持证人', title: '证书名称', verifyFailed: '验证服务暂时不可用',
    another: '验证其他证书',
  },
  en: {
    badId: 'The link names no certificate', badIdHint: 'Open the certificate from My certificates.', myCredentials: 'My certificates', loadFailed: 'The certificate could not be loaded', retry: 'Retry',
    notFound: 'Certificate not found',
    certifies: 'This is to certify that', issuer: 'Issued by', issuedOn: 'Issued on', validUntil: 'Valid until', never: 'No expiry', code: 'Certificate no.',
    source: 'Earned by', course: 'Finishing the course', task: 'Finishing the learning task', exam: 'Passing the exam', state: 'State', revokeReason: 'Reason for revoking',
    verification: 'Public verification', publicOn: 'Anyone with the verification link or QR code can check this certificate (they see only the name, title, issuer and dates)',
    publicOff: 'Off: the verification page says the certificate was not found', publicLabel: 'Allow public verification', openVerify: 'Open the verification page', publicSaved: 'Public verification updated',
    expiredNote: 'This certificate has expired; finishing the same learning again renews it.', revokedNote: 'This certificate has been revoked by the issuer and is no longer valid.',
    verifyTitle: 'Verify a certificate', verifyIntro: 'Enter the number printed on a certificate to check that it is genuine and still valid.', codeLabel: 'Certificate no.', codePlaceholder: 'e.g. ABCD-EFGH-JKLM',
    verify: 'Verify', codeRequired: 'Enter the certificate number', checking: 'Checking…',
    resultValid: 'Valid certificate', resultExpired: 'Expired certificate', resultRevoked: 'Revoked certificate', resultNotFound: 'Certificate not found',
    validHint: 'This certificate was issued by the organisation below and is valid.', expiredHint: 'This certificate was issued, but its validity has ended.', revokedHint: 'This certificate has been revoked by its issuer and is no longer valid.',
    notFoundHint: 'No public certificate has this number. Check the number, or ask the holder.', holder: 'Holder', title: 'Certificate', verifyFailed: 'The verification service is not available right now',
    another: 'Verify another certificate',
  },
});

export const useCredentialsTexts = () => useTexts(CREDENTIALS);
