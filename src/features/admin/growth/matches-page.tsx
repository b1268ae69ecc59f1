// /sub_admin/matches: every competition of the tenant, drafts too (issue 19 part I): status,
// entrants, search; a new one opens in the editor (/sub_admin/matches/new). Delete only while nobody
// ever enrolled, else end it early (docs/growth.md "Back-office"). The server decides who may.
import { Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useAdminMatches, useCloseMatch, useDeleteMatch, type AdminMatchRow } from '../api/growth';
import { BankFrame, ReadState } from '../bank/bank-frame';
import { useGrowthAdminTexts } from './growth-texts';

const STATUS_COLOR = { upcoming: 'default', enrolling: 'blue', in_progress: 'green', ended: 'default' } as const;
export const when = (v: string) => new Date(v).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

export default function MatchesPage() {
  const t = useGrowthAdminTexts();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const matches = useAdminMatches({ keyword: keyword.trim() || undefined, pageNo, pageSize: 20 });
  const remove = useDeleteMatch();
  const close = useCloseMatch();

  return (
    <BankFrame title={t('matchesTitle')} extra={<Button type="primary" onClick={() => void navigate('/sub_admin/matches/new')} data-testid="match-new">{t('newMatch')}</Button>}>
      <Space style={{ marginBottom: 8 }}>
        <Input.Search aria-label={t('searchMatches')} placeholder={t('searchMatches')} allowClear onSearch={(v) => { setKeyword(v); setPageNo(1); }} style={{ width: 260 }} />
      </Space>
      {matches.data === undefined ? <ReadState query={matches} help={t('forbiddenHelp')} /> : (
        <Table<AdminMatchRow> size="small" rowKey="id" dataSource={matches.data.list} loading={matches.isFetching} locale={{ emptyText: t('noMatches') }}
          data-testid="match-admin-list"
          pagination={{ current: pageNo, pageSize: 20, total: matches.data.total, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('paging', { total }) }}
          columns={[
            { title: t('colTitle'), dataIndex: 'title', render: (title: string, m) => <Link to={`/sub_admin/matches/${m.id}`}>{title}</Link> },
            { title: t('colStatus'), key: 'status', width: 150, render: (_: unknown, m) => (
              <Space size={4}>
                <Tag color={STATUS_COLOR[m.status]}>{t(`status_${m.status}`)}</Tag>
                {m.state === 'draft' && <Tag>{t('draft')}</Tag>}
              </Space>
            ) },
            { title: t('colEnroll'), key: 'enroll', width: 240, render: (_: unknown, m) => `${when(m.enrollStart)} – ${when(m.enrollEnd)}` },
            { title: t('colRun'), key: 'run', width: 240, render: (_: unknown, m) => `${when(m.startTime)} – ${when(m.endTime)}` },
            { title: t('colEntrants'), key: 'entrants', width: 90, render: (_: unknown, m) => t('entrantsOf', { count: m.entrantCount, limit: m.entrantLimit ?? t('unlimited') }) },
            { title: t('colStages'), dataIndex: 'stageCount', width: 60 },
            { title: t('colActions'), key: 'a', width: 170, render: (_: unknown, m) => (
              <Space>
                <Button autoInsertSpace={false} size="small" onClick={() => void navigate(`/sub_admin/matches/${m.id}`)} aria-label={`${t('edit')} ${m.title}`}>{t('edit')}</Button>
                {m.everEnrolled === 0 ? (
                  <Popconfirm title={t('deleteConfirm', { title: m.title })} onConfirm={() => remove.mutate(m.id, { onSuccess: () => showMessage('success', t('deleted')) })}>
                    <Button autoInsertSpace={false} size="small" aria-label={`${t('delete')} ${m.title}`}>{t('delete')}</Button>
                  </Popconfirm>
                ) : m.status !== 'ended' && (
                  <Popconfirm title={t('closeConfirm', { title: m.title })} onConfirm={() => close.mutate(m.id, { onSuccess: () => showMessage('success', t('closed')) })}>
                    <Button autoInsertSpace={false} size="small" aria-label={`${t('closeEarly')} ${m.title}`}>{t('closeEarly')}</Button>
                  </Popconfirm>
                )}
              </Space>
            ) },
          ]} />
      )}
    </BankFrame>
  );
}
