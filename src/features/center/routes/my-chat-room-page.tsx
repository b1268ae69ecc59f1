// /user/center/study/myChatRoom (spec learning §2 "Personal center": study/myChatRoom): the live
// rooms I enrolled in or entered, paged, with tabs by state (upcoming, live, ended); each opens
// the room (its enrol page while I may not watch yet).
import { Button, List, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LiveState } from '../../../api/train-rooms';
import { useMyRooms } from '../api/my-rooms';
import { CenterLayout } from '../components/center-layout';
import { useMyRoomsTexts } from '../components/my-rooms-texts';
import { shortTime, StudyCover, StudyList, usePaging } from '../components/study-list';
import { useStudyTexts } from '../components/study-texts';

const TABS = ['all', 'live', 'upcoming', 'ended'] as const;
const COLOURS: Record<LiveState, string> = { live: 'red', upcoming: 'blue', ended: 'default' };

export default function MyChatRoomPage() {
  const study = useStudyTexts();
  const t = useMyRoomsTexts();
  const navigate = useNavigate();
  const [tab, setTab] = useState<(typeof TABS)[number]>('all');
  const { page, onPage } = usePaging();
  const query = useMyRooms(tab === 'all' ? undefined : tab, page);
  return (
    <CenterLayout title={study('myChatRoom')} testId="my-chat-room">
      <Tabs
        activeKey={tab} onChange={(key) => { setTab(key as (typeof TABS)[number]); onPage(1, page.pageSize); }}
        items={TABS.map((k) => ({ key: k, label: k === 'all' ? t('tabAll') : t(k) }))}
      />
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-chat-room-list"
        empty={{ text: tab === 'all' ? t('empty') : t('emptyState', { state: t(tab) }), linkText: t('find'), to: '/home' }}
        rowKey={(r) => r.id}
        renderRow={(r) => {
          const to = `/chatRoom/detail/${r.id}`;
          return (
            <List.Item
              data-testid="my-chat-room-item" data-id={r.id} data-state={r.liveState}
              actions={[<Button key="go" type={r.liveState === 'live' ? 'primary' : 'default'} size="small" onClick={() => void navigate(to)}>{r.liveState === 'ended' ? t('replay') : t('watch')}</Button>]}
            >
              <div className="portal-study__row">
                <StudyCover to={to} cover={r.cover} />
                <div className="portal-study__body">
                  <Link to={to} className="portal-study__title">{r.title}</Link>{' '}
                  <Tag color={COLOURS[r.liveState]}>{t(r.liveState)}</Tag>
                  {r.enrolled && <Tag color="green">{t('enrolled')}</Tag>}
                  <div className="portal-study__meta">{[r.teacherName, t('startsAt', { time: shortTime(r.startTime) })].filter(Boolean).join(' · ')}</div>
                  <div className="portal-study__meta">{r.lastEnteredAt ? t('lastEntered', { time: shortTime(r.lastEnteredAt) }) : t('onlyEnrolled')}</div>
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </CenterLayout>
  );
}
