// Credentials pages (issue 19 part E): myCredentials' cards, states and empty state, changing the
// printed name, the certificate page (its sheet, expired note, public switch, a certificate not
// the learner's), the public verification in each state and without a code, and the access rule
// that keeps the verification page open on a closed site.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CredentialVerification, UserCredential } from '../../schemas/api/credentials';
import { decideAccess } from '../../src/app/access';
import MyCredentialsPage from '../../src/features/center/routes/my-credentials-page';
import CertificateDetailPage from '../../src/features/credentials/routes/certificate-detail-page';
import CredentialVerifyPage from '../../src/features/credentials/routes/credential-verify-page';
import { calls, fail, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

function credential(over: Partial<UserCredential> = {}): UserCredential {
  return {
    id: 4, title: '课程结业证书', issuer: '演示学院培训中心', body: '陈明远 已完成课程《安全生产基础》的全部学习内容。', holderName: '陈明远',
    sourceKind: 'course', sourceId: 12, sourceTitle: '安全生产基础', issuedAt: '2026-11-06T09:00:00.000Z', expiresAt: null, state: 'valid',
    revokeReason: null, code: 'ABCD-EFGH-JKLM', publicVerify: true, verifyPath: '/study/credential/verify?code=ABCD-EFGH-JKLM&tenantId=1001', ...over,
  };
}

const verification = (over: Partial<CredentialVerification> = {}): CredentialVerification => ({
  state: 'valid', code: 'ABCD-EFGH-JKLM', holderName: '陈明远', title: '课程结业证书', issuer: '演示学院培训中心',
  issuedAt: '2026-11-06T09:00:00.000Z', expiresAt: '2027-11-06T09:00:00.000Z', ...over,
});

describe('myCredentials', { timeout: 20_000 }, () => {
  it('shows each certificate as a card with its title, issuer, dates and state, and filters by state', async () => {
    state.routes['get /um/api/userCredentials/list'] = (r) => (r.params.state === 'expired'
      ? paged([credential({ id: 5, title: '考试合格证书', state: 'expired', expiresAt: '2026-01-01T00:00:00.000Z', sourceKind: 'exam' })])
      : paged([credential(), credential({ id: 6, title: '学习任务完成证书', sourceKind: 'task', publicVerify: false, expiresAt: '2028-11-06T09:00:00.000Z' })]));
    mount('/user/center/study/myCredentials', <MyCredentialsPage />, '/user/center/study/myCredentials');
    const cards = await screen.findAllByTestId('credential-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('课程结业证书');
    expect(cards[0]).toHaveTextContent('发证机构：演示学院培训中心');
    expect(cards[0]).toHaveTextContent('发证日期：2026-11-06');
    expect(cards[0]).toHaveTextContent('长期有效');
    expect(within(cards[0]!).getByTestId('credential-state')).toHaveTextContent('有效');
    expect(cards[1]).toHaveTextContent('有效期至：2028-11-06');
    expect(cards[1]).toHaveTextContent('未公开验证');
    // A private certificate has no link to copy.
    expect(within(cards[1]!).queryByTestId('credential-copy')).toBeNull();
    fireEvent.click(screen.getByText('已过期'));
    await waitFor(() => expect(screen.getAllByTestId('credential-card')[0]).toHaveTextContent('考试合格证书'));
    expect(calls('/um/api/userCredentials/list').at(-1)!.params).toMatchObject({ state: 'expired', pageNo: 1 });
  });

  it('says how certificates are earned when there are none', async () => {
    state.routes['get /um/api/userCredentials/list'] = paged([]);
    mount('/user/center/study/myCredentials', <MyCredentialsPage />, '/user/center/study/myCredentials');
    expect(await screen.findByText(/还没有证书/)).toHaveTextContent('完成课程、学习任务或通过考试后');
  });

  it('changes the printed name, trimmed, and refuses a blank one without a call', async () => {
    let current = credential();
    state.routes['get /um/api/userCredentials/list'] = () => paged([current]);
    state.routes['post /um/api/userCredentials/modify'] = (r) => {
      current = credential({ holderName: String(r.body.holderName) });
      return ok(current);
    };
    mount('/user/center/study/myCredentials', <MyCredentialsPage />, '/user/center/study/myCredentials');
    fireEvent.click(await screen.findByTestId('credential-rename'));
    const input = await screen.findByTestId('credential-name-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('请填写证书上的姓名')).toBeInTheDocument();
    expect(calls('/um/api/userCredentials/modify')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '  陈明 ' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(calls('/um/api/userCredentials/modify')).toHaveLength(1));
    expect(calls('/um/api/userCredentials/modify')[0]!.body).toEqual({ tenantId: 1001, id: 4, holderName: '陈明' });
  });
});

describe('the certificate page', { timeout: 20_000 }, () => {
  it('lays the certificate out as printed, notes an expired one, and turns public verification off', async () => {
    let current = credential({ state: 'expired', expiresAt: '2026-01-01T00:00:00.000Z' });
    state.routes['get /um/api/userCredentials/getCredentialsInfo'] = () => ok(current);
    state.routes['post /um/api/userCredentials/modify'] = (r) => {
      current = { ...current, publicVerify: Boolean(r.body.publicVerify) };
      return ok(current);
    };
    mount('/archives/certificatesDetail', <CertificateDetailPage />, '/archives/certificatesDetail?id=4');
    const sheet = await screen.findByTestId('certificate-sheet');
    expect(within(sheet).getByRole('heading', { level: 1 })).toHaveTextContent('课程结业证书');
    expect(within(sheet).getByTestId('certificate-holder')).toHaveTextContent('陈明远');
    expect(sheet).toHaveTextContent('证书编号: ABCD-EFGH-JKLM');
    expect(screen.getByText(/已过有效期/)).toBeInTheDocument();
    expect(screen.getByTestId('credential-verify-link')).toHaveAttribute('href', `${window.location.origin}/study/credential/verify?code=ABCD-EFGH-JKLM&tenantId=1001`);
    fireEvent.click(screen.getByTestId('credential-public'));
    await waitFor(() => expect(calls('/um/api/userCredentials/modify')[0]?.body).toEqual({ tenantId: 1001, id: 4, publicVerify: false }));
    await waitFor(() => expect(screen.queryByTestId('credential-verify-link')).toBeNull());
    expect(screen.getByText(/已关闭/)).toBeInTheDocument();
  });

  it('shows the server\'s refusal for a certificate that is not the learner\'s, and a missing id', async () => {
    state.routes['get /um/api/userCredentials/getCredentialsInfo'] = fail('没有找到这张证书（编号 9），它可能不属于当前账号。', 'CREDENTIAL_NOT_FOUND', 404);
    mount('/archives/certificatesDetail', <CertificateDetailPage />, '/archives/certificatesDetail?id=9');
    expect(await screen.findByText('没有找到这张证书')).toBeInTheDocument();
    expect(screen.getByText(/不属于当前账号/)).toBeInTheDocument();
  });

  it('asks for a certificate when the link names none', async () => {
    mount('/archives/certificatesDetail', <CertificateDetailPage />, '/archives/certificatesDetail');
    expect(await screen.findByText('链接缺少证书编号')).toBeInTheDocument();
    expect(calls('/um/api/userCredentials/getCredentialsInfo')).toHaveLength(0);
  });
});

describe('the public verification page', { timeout: 20_000 }, () => {
  it.each([
    ['valid', '证书有效'], ['expired', '证书已过期'], ['revoked', '证书已撤销'],
  ] as const)('shows a %s certificate with the holder, title, issuer and dates', async (s, title) => {
    state.routes['get /um/api/userCredentials/verify'] = ok(verification({ state: s }));
    mount('/credential/verify', <CredentialVerifyPage />, '/credential/verify?code=abcd-efgh-jklm&tenantId=1002');
    const result = await screen.findByTestId('verify-state');
    expect(result).toHaveTextContent(title);
    expect(screen.getByTestId('verify-holder')).toHaveTextContent('陈明远');
    expect(screen.getByText('演示学院培训中心')).toBeInTheDocument();
    expect(screen.getByText('2027-11-06')).toBeInTheDocument();
    // The link's tenant, not the portal's, answers for the code.
    expect(calls('/um/api/userCredentials/verify')[0]!.params).toEqual({ code: 'abcd-efgh-jklm', tenantId: 1002 });
  });

  it('says not found with nothing else, and checks a code typed into the field', async () => {
    state.routes['get /um/api/userCredentials/verify'] = (r) => ok(r.params.code === 'WXYZ-2345-6789'
      ? verification({ code: 'WXYZ-2345-6789' })
      : verification({ state: 'notFound', holderName: null, title: null, issuer: null, issuedAt: null, expiresAt: null }));
    mount('/credential/verify', <CredentialVerifyPage />, '/credential/verify?code=NOPE');
    expect(await screen.findByTestId('verify-state')).toHaveTextContent('未找到证书');
    expect(screen.queryByTestId('verify-holder')).toBeNull();
    fireEvent.change(screen.getByTestId('verify-code-input'), { target: { value: ' WXYZ-2345-6789 ' } });
    fireEvent.click(screen.getByRole('button', { name: /^验\s*证$/ }));
    await waitFor(() => expect(screen.getByTestId('verify-state')).toHaveTextContent('证书有效'));
  });

  it('offers the field alone and calls nothing without a code', async () => {
    mount('/credential/verify', <CredentialVerifyPage />, '/credential/verify');
    expect(await screen.findByTestId('verify-code-input')).toBeInTheDocument();
    expect(calls('/um/api/userCredentials/verify')).toHaveLength(0);
  });

  it('stays open to a signed-out visitor on a site that requires sign-in', () => {
    const input = { meta: { authDefault: 2 as const }, authOpen: false, forceLogin: null, signedIn: false, defaultLogin: false, defaultLoginTried: false };
    expect(decideAccess({ ...input, routeName: 'credentialVerify' })).toEqual({ kind: 'allow' });
    expect(decideAccess({ ...input, routeName: 'myCredentials' })).toEqual({ kind: 'login' });
  });
});
