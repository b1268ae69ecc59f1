// /user/center/content/myFollow (issue 20 part U; spec learning §2 "Personal center" content, §7
// userFollow/followList, fans, save): the authors I follow (each to their page, unfollow after a
// confirmation) and my followers (the readers following my pen name; none before my first work).
import { Avatar, Button, List, Popconfirm, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFans, useFollowList, useSaveFollow } from '../../../api/reading-platform';
import { showMessage } from '../../../components/feedback/feedback';
import { CenterLayout } from '../components/center-layout';
import { useReadingCenterTexts } from '../components/reading-center-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

function Following() {
  const t = useReadingCenterTexts();
  const { page, onPage } = usePaging();
  const query = useFollowList(page);
  const save = useSaveFollow();
  return (
    <StudyList
      query={query} page={page} onPage={onPage} testId="my-follow-list"
      empty={{ text: t('noFollowing'), linkText: t('findAuthors'), to: '/content/textPlatform' }}
      rowKey={(a) => a.id}
      renderRow={(a) => (
        <List.Item
          data-testid="my-follow-item" data-author-id={a.id}
          actions={[
            <Popconfirm
              key="unfollow" title={t('unfollowConfirm', { name: a.penName })} okText={t('confirm')} cancelText={t('cancel')}
              onConfirm={() => save.mutateAsync({ authorId: a.id, follow: false }).then(() => showMessage('success', t('unfollowed')), (e: Error) => showMessage('error', e.message))}
            >
              <Button size="small" data-testid="my-follow-unfollow">{t('unfollow')}</Button>
            </Popconfirm>,
          ]}
        >
          <List.Item.Meta
            avatar={<Avatar src={a.avatar ?? undefined} alt="">{a.penName.slice(0, 1)}</Avatar>}
            title={<Link to={`/content/author/${a.id}`}>{a.penName}</Link>}
            description={`${t('works', { n: a.workCount })} · ${t('fans', { n: a.fans })} · ${t('followedAt', { time: shortTime(a.followedAt) })}`}
          />
        </List.Item>
      )}
    />
  );
}

function Followers() {
  const t = useReadingCenterTexts();
  const { page, onPage } = usePaging();
  const query = useFans(null, page);
  return (
    <StudyList
      query={query} page={page} onPage={onPage} testId="my-fans-list"
      empty={{ text: t('noFollowers'), linkText: t('writeWork'), to: '/user/center/content/myWorks' }}
      rowKey={(f) => `${f.followedAt}-${f.name}`}
      renderRow={(f) => (
        <List.Item data-testid="my-fans-item">
          <List.Item.Meta
            avatar={<Avatar src={f.avatar ?? undefined} alt="">{f.name.slice(0, 1)}</Avatar>}
            title={f.author ? <Link to={`/content/author/${f.author.id}`}>{f.author.penName}</Link> : f.name}
            description={t('followedAt', { time: shortTime(f.followedAt) })}
          />
        </List.Item>
      )}
    />
  );
}

export default function MyFollowPage() {
  const t = useReadingCenterTexts();
  const [tab, setTab] = useState('following');
  return (
    <CenterLayout title={t('myFollow')} testId="my-follow">
      <Tabs
        activeKey={tab} onChange={setTab}
        items={[
          { key: 'following', label: t('following'), children: <Following /> },
          { key: 'followers', label: t('followers'), children: <Followers /> },
        ]}
      />
    </CenterLayout>
  );
}
