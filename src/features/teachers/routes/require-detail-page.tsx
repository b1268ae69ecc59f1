// /pages/require/detail?id= (spec learning §2 "Requirements"; issue 19 part G): the requirement and
// its responses. A signed-in user other than the owner responds once (text ≤ 2000, a quote or 面议,
// attachments) and edits it while the requirement is open; the owner accepts one response (已对接)
// or closes it. Who reads which response is the server's rule (docs/growth.md): the owner all, a
// responder theirs, everyone the accepted one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, InputNumber, Popconfirm, Radio, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  acceptResponse, closeRequirement, getRequirement, REQUIREMENT_FILES_MAX, requirementEditPath, respondRequirement, RESPONSE_TEXT_MAX,
  type RequirementDetail, type RequirementFile, type RequirementResponse,
} from '../../../api/teachers';
import { FileAttachments, FileLinks } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { loginPath } from '../../../lib/login-path';
import { RichText } from '../../../runtime/rich-text-view';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { BadLink, categoryLabel, dateTime, idParam, money, PageError, PageFrame, PageLoading, StatusTag, twoDecimals } from '../components/parts';
import { useTeachersTexts, type TeachersTexts } from '../components/texts';
import '../components/teachers.css';

type Key = readonly unknown[];

export default function RequireDetailPage() {
  const t = useTeachersTexts();
  const [params] = useSearchParams();
  const id = idParam(params);
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const queryKey = ['requirements', tenantId, userId, 'detail', id] as const;
  const query = useQuery({ queryKey, queryFn: ({ signal }) => getRequirement(id!, { silent: true, signal }), enabled: id !== undefined, retry: false });
  const back = { to: '/pages/require/list', text: t('backToList') };
  if (id === undefined) return <BadLink back={back} t={t} />;
  if (query.isPending) return <PageLoading testId="requirement-detail-loading" />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} back={back} t={t} />;
  const d = query.data;
  return (
    <PageFrame title={d.title} testId="requirement-detail" extra={<Link to={back.to}>{back.text}</Link>}>
      <Card style={{ marginBottom: 16 }}>
        <Space wrap style={{ marginBottom: 12 }}><StatusTag status={d.status} t={t} /><Tag>{categoryLabel(d.category, t)}</Tag></Space>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
          { key: 'budget', label: t('budget'), children: <strong data-testid="requirement-budget-value">{money(d.budget, t)}</strong> },
          { key: 'deadline', label: t('deadline'), children: dateTime(d.deadline) },
          { key: 'owner', label: t('owner'), children: d.ownerName },
          { key: 'published', label: t('publishedAt'), children: dateTime(d.createdAt) },
        ]} />
        <h2 style={{ fontSize: 16, margin: '16px 0 8px' }}>{t('description')}</h2>
        <div className="portal-teachers__desc"><RichText html={d.description} /></div>
        {d.attachments.length ? (<><h3 style={{ fontSize: 14, marginTop: 16 }}>{t('attachmentsTitle')}</h3><FileLinks files={d.attachments} testId="requirement-attachments" /></>) : null}
        {d.isOwner ? <OwnerActions d={d} queryKey={queryKey} t={t} /> : null}
      </Card>
      <Notes d={d} t={t} />
      <Responses d={d} queryKey={queryKey} t={t} />
      <RespondBox d={d} queryKey={queryKey} t={t} />
    </PageFrame>
  );
}

/** The owner's edit and close, while the requirement is open. */
function OwnerActions({ d, queryKey, t }: { d: RequirementDetail; queryKey: Key; t: TeachersTexts }) {
  const client = useQueryClient();
  const close = useMutation({
    mutationFn: () => closeRequirement(d.id),
    onSuccess: (next) => { client.setQueryData(queryKey, next); void client.invalidateQueries({ queryKey: ['requirements', (queryKey as unknown[])[1]] }); showMessage('success', t('closed')); },
  });
  if (!d.canEdit) return null;
  return (
    <Space style={{ marginTop: 16 }}>
      <Link to={requirementEditPath(d.id)} data-testid="requirement-edit">{t('edit')}</Link>
      {/* Not `danger`: antd's dark red text (#dc4446) on the dark page is 4.34:1, under WCAG's 4.5 (the a11y
          gate, dark en); the confirm's OK stays red, as on the other pages' deletes. */}
      <Popconfirm title={t('closeConfirm')} onConfirm={() => close.mutate()} okText={t('close')} cancelText={t('cancel')} okButtonProps={{ danger: true }}>
        <Button loading={close.isPending} data-testid="requirement-close">{t('close')}</Button>
      </Popconfirm>
    </Space>
  );
}

/** What the reader should know about the state and who sees what. */
function Notes({ d, t }: { d: RequirementDetail; t: TeachersTexts }) {
  const notes: string[] = [];
  if (d.isOwner && d.state === 'open') notes.push(t('ownerNote'));
  if (d.status === 'expired') notes.push(t('expiredNote'));
  if (d.status === 'matched') notes.push(t('matchedNote'));
  if (d.status === 'closed') notes.push(t('closedNote'));
  if (d.state === 'open' && !d.isOwner) notes.push(t('visibilityNote'));
  return notes.length ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={notes.join(' ')} data-testid="requirement-notes" /> : null;
}

/** The responses as the server let me see them; the owner accepts one while the requirement is open. */
function Responses({ d, queryKey, t }: { d: RequirementDetail; queryKey: Key; t: TeachersTexts }) {
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: (responseId: number) => acceptResponse(responseId),
    onSuccess: (next) => { client.setQueryData(queryKey, next); void client.invalidateQueries({ queryKey: ['requirements', (queryKey as unknown[])[1]] }); showMessage('success', t('acceptedDone')); },
  });
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('responsesTitle', { n: d.responses.length })}</h2>} style={{ marginBottom: 16 }} data-testid="requirement-responses">
      {d.responses.length === 0 ? <p style={{ margin: 0 }}>{t('noResponses')}</p> : (
        <ul className="portal-teachers__rows">
          {d.responses.map((p: RequirementResponse) => (
            <li key={p.id} data-testid="requirement-response" data-id={p.id}>
              <strong>{p.userName}</strong>{' '}
              {p.accepted ? <Tag color="blue" data-testid="response-accepted">{t('accepted')}</Tag> : null}
              {p.mine ? <Tag>{t('mine')}</Tag> : null}
              <span className="portal-teachers__sub"> {dateTime(p.updatedAt)}</span>
              {p.hidden ? <p className="portal-teachers__sub" style={{ margin: '4px 0 0' }}>{t('hiddenResponse')}</p> : (
                <>
                  <p style={{ margin: '6px 0', whiteSpace: 'pre-wrap' }} data-testid="response-content">{p.content}</p>
                  <div className="portal-teachers__sub">{t('quote')}: {money(p.quote, t)}</div>
                  {p.attachments.length ? <FileLinks files={p.attachments} testId="response-files" /> : null}
                </>
              )}
              {d.isOwner && d.state === 'open' ? (
                <Popconfirm title={t('acceptConfirm', { name: p.userName })} onConfirm={() => accept.mutate(p.id)} okText={t('accept')} cancelText={t('cancel')}>
                  <Button size="small" type="primary" style={{ marginTop: 8 }} loading={accept.isPending && accept.variables === p.id} data-testid="response-accept">{t('accept')}</Button>
                </Popconfirm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** My response: the form while I may respond (new or an edit), a sign-in link for a guest. */
function RespondBox({ d, queryKey, t }: { d: RequirementDetail; queryKey: Key; t: TeachersTexts }) {
  const location = useLocation();
  const signedIn = useUserStore(selectUserId) !== null;
  if (d.isOwner || d.state !== 'open' || d.status === 'expired') return null;
  if (!signedIn) {
    return <Card><p style={{ marginTop: 0 }}>{t('signInToRespond')}</p><Link to={loginPath(`${location.pathname}${location.search}`)}>{t('signIn')}</Link></Card>;
  }
  if (!d.canRespond) return null;
  return <RespondForm key={d.myResponse?.updatedAt ?? 'new'} d={d} queryKey={queryKey} t={t} />;
}

function RespondForm({ d, queryKey, t }: { d: RequirementDetail; queryKey: Key; t: TeachersTexts }) {
  const client = useQueryClient();
  const mine = d.myResponse;
  const [content, setContent] = useState(mine?.content ?? '');
  const [mode, setMode] = useState<'fixed' | 'negotiable'>(mine && mine.quote === null ? 'negotiable' : 'fixed');
  const [quote, setQuote] = useState<number | null>(mine?.quote ?? null);
  const [files, setFiles] = useState<RequirementFile[]>(mine?.attachments ?? []);
  const respond = useMutation({
    mutationFn: () => respondRequirement(d.id, content.trim(), mode === 'negotiable' ? null : quote, files),
    onSuccess: (next) => {
      client.setQueryData(queryKey, next);
      void client.invalidateQueries({ queryKey: ['requirements', (queryKey as unknown[])[1]] });
      showMessage('success', mine ? t('responseUpdated') : t('responded'));
    },
  });
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{mine ? t('editResponse') : t('respondTitle')}</h2>} data-testid="respond-form">
      <form
        aria-label={mine ? t('editResponse') : t('respondTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          if (!content.trim()) showMessage('warning', t('emptyResponse'));
          else if (mode === 'fixed' && (quote === null || quote < 0 || !twoDecimals(quote))) showMessage('warning', t('budgetRule'));
          else respond.mutate();
        }}
      >
        <label htmlFor="requirement-response" style={{ display: 'block', marginBottom: 4 }}>{t('responseContent')}</label>
        <Input.TextArea
          id="requirement-response" value={content} onChange={(e) => setContent(e.target.value)} maxLength={RESPONSE_TEXT_MAX} showCount
          autoSize={{ minRows: 4, maxRows: 12 }} placeholder={t('responsePlaceholder')} data-testid="response-input"
        />
        <div style={{ margin: '16px 0 4px' }} id="requirement-quote-mode">{t('quoteMode')}</div>
        <Radio.Group
          aria-labelledby="requirement-quote-mode" value={mode} onChange={(e) => setMode(e.target.value as 'fixed' | 'negotiable')}
          options={[{ value: 'fixed', label: t('budgetFixed') }, { value: 'negotiable', label: t('negotiable') }]}
        />
        {mode === 'fixed' ? (
          <div style={{ marginTop: 8 }}>
            <label htmlFor="requirement-quote" style={{ display: 'block', marginBottom: 4 }}>{t('quoteAmount')}</label>
            <InputNumber id="requirement-quote" min={0} max={9_999_999_999.99} precision={2} step={100} value={quote} onChange={(v) => setQuote(v)} style={{ width: 220 }} data-testid="response-quote" />
          </div>
        ) : null}
        <div style={{ margin: '16px 0 4px' }}>{t('responseFiles', { n: REQUIREMENT_FILES_MAX })}</div>
        <FileAttachments value={files} onChange={setFiles} max={REQUIREMENT_FILES_MAX} testId="response-files-input" />
        <Button type="primary" htmlType="submit" loading={respond.isPending} style={{ marginTop: 16 }} data-testid="response-submit">
          {mine ? t('updateResponse') : t('sendResponse')}
        </Button>
      </form>
    </Card>
  );
}
