// /user/center/study/myFavorites (spec learning §2 "Personal center", §7 searchFavor): my
// favourite courses, subjects and contents, newest first, each linking to its detail page, with
// "remove" to take it off the list; a fourth tab lists my favourite classes (classes/searchFavor,
// issue 17), each opening the class.
import { Button, List, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useFavoriteClasses, useUnfavoriteClass } from '../api/my-classes';
import { useCancelFavorite, useMyFavorites, type TargetType } from '../api/my-study';
import { CenterLayout } from '../components/center-layout';
import { shortTime, StudyCover, StudyList, targetPath, usePaging } from '../components/study-list';
import { useStudyTexts, type StudyText } from '../components/study-texts';

const TABS: Array<{ type: TargetType; label: StudyText; empty: StudyText; find: StudyText; to: string }> = [
  { type: 'course', label: 'tabCourse', empty: 'noFavoriteCourse', find: 'findCourse', to: '/course' },
  { type: 'subject', label: 'tabSubject', empty: 'noFavoriteSubject', find: 'findSubject', to: '/subject' },
  { type: 'content', label: 'tabContent', empty: 'noFavoriteContent', find: 'findContent', to: '/content' },
];

/** The favourites of one type; keyed by the type, so switching tabs starts at page 1. */
function FavoriteList({ tab }: { tab: (typeof TABS)[number] }) {
  const t = useStudyTexts();
  const { page, onPage } = usePaging();
  const query = useMyFavorites(tab.type, page);
  const cancel = useCancelFavorite();
  return (
    <StudyList
      query={query} page={page} onPage={onPage} testId="my-favorites-list"
      empty={{ text: t(tab.empty), linkText: t(tab.find), to: tab.to }}
      rowKey={(f) => `${f.targetType}-${f.targetId}`}
      renderRow={(f) => {
        const to = targetPath(f.targetType, f.targetId);
        const busy = cancel.isPending && cancel.variables?.id === f.targetId;
        return (
          <List.Item
            data-testid="my-favorite-item" data-id={f.targetId}
            actions={[
              <Button
                key="cancel" size="small" loading={busy} data-testid="my-favorite-cancel"
                onClick={() => cancel.mutate({ type: f.targetType, id: f.targetId }, { onSuccess: () => showMessage('success', t('unfavorited')) })}
              >
                {t('unfavorite')}
              </Button>,
            ]}
          >
            <div className="portal-study__row">
              <StudyCover to={to} cover={f.cover} />
              <div className="portal-study__body">
                <Link to={to} className="portal-study__title">{f.title}</Link>
                <div className="portal-study__meta">{t('favoriteTime', { time: shortTime(f.favoriteTime) })}</div>
                {f.summary ? <p className="portal-study__text portal-study__meta">{f.summary}</p> : null}
              </div>
            </div>
          </List.Item>
        );
      }}
    />
  );
}

/** My favourite classes, each opening the class, with "remove". */
function FavoriteClassList() {
  const t = useStudyTexts();
  const { page, onPage } = usePaging();
  const query = useFavoriteClasses(page);
  const cancel = useUnfavoriteClass();
  return (
    <StudyList
      query={query} page={page} onPage={onPage} testId="my-favorites-list"
      empty={{ text: t('noFavoriteClass'), linkText: t('findClassesToo'), to: '/classes' }}
      rowKey={(c) => `classes-${c.id}`}
      renderRow={(c) => {
        const to = `/classes/detail/${c.id}`;
        const busy = cancel.isPending && cancel.variables === c.id;
        return (
          <List.Item
            data-testid="my-favorite-item" data-id={c.id}
            actions={[
              <Button key="cancel" size="small" loading={busy} data-testid="my-favorite-cancel" onClick={() => cancel.mutate(c.id, { onSuccess: () => showMessage('success', t('unfavorited')) })}>
                {t('unfavorite')}
              </Button>,
            ]}
          >
            <div className="portal-study__row">
              <StudyCover to={to} cover={c.cover} />
              <div className="portal-study__body">
                <Link to={to} className="portal-study__title">{c.title}</Link>
                <div className="portal-study__meta">{t('favoriteTime', { time: shortTime(c.favoredAt) })}</div>
                {c.summary ? <p className="portal-study__text portal-study__meta">{c.summary}</p> : null}
              </div>
            </div>
          </List.Item>
        );
      }}
    />
  );
}

export default function MyFavoritesPage() {
  const t = useStudyTexts();
  const [type, setType] = useState<TargetType | 'classes'>('course');
  const tab = TABS.find((x) => x.type === type);
  return (
    <CenterLayout title={t('myFavorites')} testId="my-favorites">
      <Tabs
        activeKey={type} onChange={(key) => setType(key as TargetType | 'classes')}
        items={[...TABS.map((x) => ({ key: x.type, label: t(x.label) })), { key: 'classes', label: t('tabClasses') }]}
      />
      {tab ? <FavoriteList key={type} tab={tab} /> : <FavoriteClassList />}
    </CenterLayout>
  );
}
