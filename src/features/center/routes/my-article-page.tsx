// /user/center/study/myArticle (spec learning §2 "Personal center" study; issue 19 part H): my
// articles, drafts and published, newest edit first. Write one or edit one in the editor drawer
// (sanitised on save by the server), publish a draft to /share, withdraw a published one back to a
// draft, delete either. myShare shows only the published ones, as others see them.
import { Button, List, Popconfirm, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  articlePath, deleteArticle, publishArticle, useArticleMutation, useMyArticles, withdrawArticle, type ArticleState, type MyArticleItem,
} from '../../../api/sharing';
import { showMessage } from '../../../components/feedback/feedback';
import { ArticleEditor } from '../components/article-editor';
import { CenterLayout } from '../components/center-layout';
import { useCenterSharingTexts } from '../components/sharing-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

export default function MyArticlePage() {
  const t = useCenterSharingTexts();
  const { t: i18n } = useTranslation();
  const { page, onPage } = usePaging();
  const [state, setState] = useState<ArticleState | 'all'>('all');
  // null: closed; 'new': a new article; a number: that article.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const query = useMyArticles({ ...page, state: state === 'all' ? undefined : state });
  const publish = useArticleMutation((id: number) => publishArticle(id).then(() => showMessage('success', t('publishedOk'))));
  const withdraw = useArticleMutation((id: number) => withdrawArticle(id).then(() => showMessage('success', t('withdrawnOk'))));
  const remove = useArticleMutation((id: number) => deleteArticle(id).then(() => showMessage('success', t('removedOk'))));

  return (
    <CenterLayout title={i18n('route.myArticle')} testId="my-article">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Segmented
          aria-label={t('filter')} value={state}
          onChange={(v) => { setState(v as ArticleState | 'all'); onPage(1, page.pageSize); }}
          options={(['all', 'published', 'draft'] as const).map((s) => ({ value: s, label: t(s) }))}
        />
        <Button type="primary" onClick={() => setEditing('new')} data-testid="article-write">{t('write')}</Button>
      </div>
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-article-list" rowKey={(a: MyArticleItem) => a.id}
        empty={{ text: `${t('noArticles')}. ${t('noArticlesHint')}`, linkText: t('toShare'), to: '/share' }}
        renderRow={(a: MyArticleItem) => (
          <List.Item data-testid="my-article-item" data-id={a.id} data-state={a.state}>
            <div className="portal-study__body">
              {a.state === 'published'
                ? <Link to={articlePath(a.id)} className="portal-study__title">{a.title}</Link>
                : <span className="portal-study__title">{a.title}</span>}{' '}
              <Tag color={a.state === 'published' ? 'success' : 'default'}>{t(a.state)}</Tag>
              {a.summary ? <div className="portal-study__meta">{a.summary}</div> : null}
              <div className="portal-study__meta">
                {[
                  a.publishTime ? t('publishedAt', { time: shortTime(a.publishTime) }) : t('updated', { time: shortTime(a.updatedAt) }),
                  ...(a.state === 'published' ? [t('views', { n: a.viewCount }), t('favours', { n: a.favourCount })] : []),
                ].join(' · ')}
              </div>
              <Space size="small" wrap style={{ marginTop: 4 }}>
                <Button size="small" onClick={() => setEditing(a.id)}>{t('edit')}</Button>
                {a.state === 'draft' ? (
                  <Button size="small" type="primary" ghost loading={publish.isPending && publish.variables === a.id} onClick={() => publish.mutate(a.id)} data-testid="my-article-publish">
                    {t('publish')}
                  </Button>
                ) : (
                  <Popconfirm title={t('withdrawConfirm')} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => withdraw.mutate(a.id)}>
                    <Button size="small" loading={withdraw.isPending && withdraw.variables === a.id}>{t('withdraw')}</Button>
                  </Popconfirm>
                )}
                {/* Not a danger button: antd's dark danger text fails the contrast gate; the confirm's OK is the danger. */}
                <Popconfirm title={t('removeConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(a.id)}>
                  <Button size="small" loading={remove.isPending && remove.variables === a.id}>{t('remove')}</Button>
                </Popconfirm>
              </Space>
            </div>
          </List.Item>
        )}
      />
      <ArticleEditor id={typeof editing === 'number' ? editing : null} open={editing !== null} onClose={() => setEditing(null)} />
    </CenterLayout>
  );
}
