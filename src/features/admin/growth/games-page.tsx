// /sub_admin/games: every game of the tenant, drafts too (issue 19 part I): rounds, players, state,
// search; a new one opens in the editor (/sub_admin/games/new). Delete only while nobody played,
// else unpublish (docs/growth.md "Back-office"). The server decides who may.
import { Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useAdminGames, useDeleteGame, usePublishGame, type AdminGameRow } from '../api/growth';
import { BankFrame, ReadState } from '../bank/bank-frame';
import { useGrowthAdminTexts } from './growth-texts';

export default function GamesPage() {
  const t = useGrowthAdminTexts();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const games = useAdminGames({ keyword: keyword.trim() || undefined, pageNo, pageSize: 20 });
  const remove = useDeleteGame();
  const publish = usePublishGame();

  return (
    <BankFrame title={t('gamesTitle')} extra={<Button type="primary" onClick={() => void navigate('/sub_admin/games/new')} data-testid="game-new">{t('newGame')}</Button>}>
      <Space style={{ marginBottom: 8 }}>
        <Input.Search aria-label={t('searchGames')} placeholder={t('searchGames')} allowClear onSearch={(v) => { setKeyword(v); setPageNo(1); }} style={{ width: 260 }} />
      </Space>
      {games.data === undefined ? <ReadState query={games} help={t('forbiddenHelp')} /> : (
        <Table<AdminGameRow> size="small" rowKey="id" dataSource={games.data.list} loading={games.isFetching} locale={{ emptyText: t('noGames') }}
          data-testid="game-admin-list"
          pagination={{ current: pageNo, pageSize: 20, total: games.data.total, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('paging', { total }) }}
          columns={[
            { title: t('colTitle'), dataIndex: 'title', render: (title: string, g) => <Link to={`/sub_admin/games/${g.id}`}>{title}</Link> },
            { title: t('colStatus'), dataIndex: 'published', width: 90, render: (p: boolean) => <Tag color={p ? 'green' : 'default'}>{p ? t('published') : t('draft')}</Tag> },
            { title: t('colRounds'), dataIndex: 'roundCount', width: 70 },
            { title: t('colPlayers'), dataIndex: 'playerCount', width: 70 },
            { title: t('colActions'), key: 'a', width: 230, render: (_: unknown, g) => (
              <Space>
                <Button autoInsertSpace={false} size="small" onClick={() => void navigate(`/sub_admin/games/${g.id}`)} aria-label={`${t('edit')} ${g.title}`}>{t('edit')}</Button>
                <Button autoInsertSpace={false} size="small" aria-label={`${g.published ? t('unpublish') : t('publish')} ${g.title}`}
                  onClick={() => publish.mutate({ id: g.id, published: !g.published }, { onSuccess: (s) => showMessage('success', s.published ? t('publishedOk') : t('unpublishedOk')) })}>
                  {g.published ? t('unpublish') : t('publish')}
                </Button>
                {g.playerCount === 0 && (
                  <Popconfirm title={t('deleteConfirm', { title: g.title })} onConfirm={() => remove.mutate(g.id, { onSuccess: () => showMessage('success', t('deleted')) })}>
                    <Button autoInsertSpace={false} size="small" aria-label={`${t('delete')} ${g.title}`}>{t('delete')}</Button>
                  </Popconfirm>
                )}
              </Space>
            ) },
          ]} />
      )}
    </BankFrame>
  );
}
