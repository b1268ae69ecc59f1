// /user/center/study/myShare (spec learning §2 "Personal center" study; issue 19 part H): what I
// shared on /share: my published articles as others see them, with views and saves, each opening
// its public page. Writing, drafts and withdrawing are in myArticle (docs/growth.md).
import { List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { articlePath, useMyArticles, type MyArticleItem } from '../../../api/sharing';
import { CenterLayout } from '../components/center-layout';
import { useCenterSharingTexts } from '../components/sharing-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

export default function MySharePage() {
  const t = useCenterSharingTexts();
  const { t: i18n } = useTranslation();
  const { page, onPage } = usePaging();
  const query = useMyArticles({ ...page, state: 'published' });
  return (
    <CenterLayout title={i18n('route.myShare')} testId="my-share">
      <p style={{ margin: '0 0 16px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.65))' }}>
        {t('shareIntro')} <Link to="/user/center/study/myArticle">{t('toMyArticles')}</Link>
      </p>
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-share-list" rowKey={(a: MyArticleItem) => a.id}
        empty={{ text: `${t('noShares')}. ${t('noSharesHint')}`, linkText: t('toMyArticles'), to: '/user/center/study/myArticle' }}
        renderRow={(a: MyArticleItem) => (
          <List.Item data-testid="my-share-item" data-id={a.id}>
            <div className="portal-study__body">
              <Link to={articlePath(a.id)} className="portal-study__title">{a.title}</Link>
              {a.summary ? <div className="portal-study__meta">{a.summary}</div> : null}
              <div className="portal-study__meta">
                {[a.publishTime ? t('publishedAt', { time: shortTime(a.publishTime) }) : null, t('views', { n: a.viewCount }), t('favours', { n: a.favourCount })]
                  .filter(Boolean).join(' · ')}
              </div>
            </div>
          </List.Item>
        )}
      />
    </CenterLayout>
  );
}
