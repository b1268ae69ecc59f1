// /sub_admin/exams: every exam and survey of the tenant, drafts too (issue 18 part A); a new one
// opens in the builder (/sub_admin/exams/:id). The server decides who may (tenantType 1 and adminAuth).
import { Button, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAdminExams, type AdminExamItem } from '../api/bank';
import { BankFrame, ReadState } from './bank-frame';
import { useBankTexts } from './bank-texts';

export default function ExamsPage() {
  const t = useBankTexts();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const exams = useAdminExams({ text: text.trim() || undefined, pageNo, pageSize: 20 });
  const when = (v: string | null) => (v ? new Date(v).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' }) : '—');

  return (
    <BankFrame title={t('examsTitle')} extra={<Button type="primary" onClick={() => void navigate('/sub_admin/exams/new')} data-testid="exam-new">{t('newExam')}</Button>}>
      <Space style={{ marginBottom: 8 }}>
        <Input.Search aria-label={t('searchExams')} placeholder={t('searchExams')} allowClear onSearch={(v) => { setText(v); setPageNo(1); }} style={{ width: 260 }} />
      </Space>
      {exams.data === undefined ? <ReadState query={exams} /> : (
        <Table<AdminExamItem> size="small" rowKey="id" dataSource={exams.data.list} loading={exams.isFetching} locale={{ emptyText: t('noExams') }}
          data-testid="exam-list"
          pagination={{ current: pageNo, pageSize: 20, total: exams.data.total, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('paging', { total }) }}
          columns={[
            { title: t('colTitle'), dataIndex: 'title', render: (title: string, e) => <Link to={`/sub_admin/exams/${e.id}`}>{title}</Link> },
            { title: t('colType'), dataIndex: 'type', width: 72, render: (v: string) => (v === 'exam' ? t('typeExam') : t('typeSurvey')) },
            { title: t('colPaper'), dataIndex: 'paperMode', width: 100, render: (v: string, e) => `${v === 'fixed' ? t('paperFixed') : t('paperRandom')} · ${e.questionCount}` },
            { title: t('colWindow'), key: 'w', width: 260, render: (_: unknown, e) => `${when(e.startTime)} – ${when(e.endTime)}` },
            { title: t('colAttempts'), dataIndex: 'attemptCount', width: 84 },
            { title: t('colState'), dataIndex: 'published', width: 84, render: (p: boolean) => <Tag color={p ? 'green' : 'default'}>{p ? t('published') : t('draft')}</Tag> },
          ]} />
      )}
    </BankFrame>
  );
}
