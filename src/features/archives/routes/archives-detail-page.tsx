// /archives/detail (spec learning §2 "Archives"; issue 19 part D): every learning entry (courses,
// contents, exams, classes, tasks, self-directed study), filtered by kind, state and period, paged
// with the spec's sizes (§9: 5, 6, 10, 15, 20), and exported to .xlsx. Filters and page live in the
// address, so back and a shared link keep them. GET /um/api/userStudy/search.
import { Button, DatePicker, Empty, Pagination, Select, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUserStudy, type ArchiveKind } from '../../../api/archives';
import { showMessage } from '../../../components/feedback/feedback';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { EntryRow, LoadError } from '../components/archive-parts';
import { useArchivesTexts } from '../components/archives-texts';
import { allEntries, download, entriesWorkbook } from '../components/export-entries';
import '../components/archives.css';

const KINDS: readonly ArchiveKind[] = ['course', 'content', 'exam', 'classes', 'task', 'autonomy'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (raw: string | null, fallback: number) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback);

export default function ArchivesDetailPage() {
  const t = useArchivesTexts();
  const { params, update } = useQueryState();
  const kind = KINDS.find((k) => k === params.get('kind'));
  const stateRaw = params.get('state');
  const state = stateRaw === '1' ? 1 : stateRaw === '2' ? 2 : undefined;
  const startDate = DAY.test(params.get('startDate') ?? '') ? params.get('startDate')! : undefined;
  const endDate = DAY.test(params.get('endDate') ?? '') ? params.get('endDate')! : undefined;
  const pageNo = positive(params.get('pageNo'), 1);
  const size = positive(params.get('pageSize'), 10);
  const pageSize = PAGE_SIZE_OPTIONS.includes(size) ? size : 10;
  const filter = { kind, state, startDate, endDate } as const;
  const query = useUserStudy({ ...filter, pageNo, pageSize });
  const [exporting, setExporting] = useState(false);
  const filtered = kind !== undefined || state !== undefined || startDate !== undefined || endDate !== undefined;

  const onExport = async () => {
    setExporting(true);
    try {
      const rows = await allEntries(filter);
      download(await entriesWorkbook(rows, t), `learning-records-${dayjs().format('YYYYMMDD')}.xlsx`);
      showMessage('success', t('exported', { n: rows.length }));
    } catch {
      showMessage('error', t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="archives-page" data-testid="archives-detail">
      <p><Link to="/archives">{t('back')}</Link></p>
      <div className="archives-head">
        <h1 className="archives-title">{t('secDetail')}</h1>
        <Button onClick={() => void onExport()} loading={exporting} disabled={!query.isSuccess || query.data.total === 0} data-testid="archives-export">
          {exporting ? t('exporting') : t('export')}
        </Button>
      </div>
      <section className="archives-panel" aria-label={t('secDetail')}>
        <div className="archives-filters">
          <Select
            aria-label={t('kind')} style={{ width: 140 }} value={kind ?? 'all'} data-testid="archives-filter-kind"
            options={[{ value: 'all', label: t('kindAll') }, ...KINDS.map((k) => ({ value: k, label: t(k) }))]}
            onChange={(v) => update({ kind: v === 'all' ? undefined : v })}
          />
          <Select
            aria-label={t('state')} style={{ width: 130 }} value={state ?? 0} data-testid="archives-filter-state"
            options={[{ value: 0, label: t('stateAll') }, { value: 1, label: t('inProgress') }, { value: 2, label: t('finished') }]}
            onChange={(v) => update({ state: v === 0 ? undefined : String(v) })}
          />
          <DatePicker.RangePicker
            aria-label={t('period')} placeholder={[t('startDate'), t('endDate')]}
            value={[startDate ? dayjs(startDate) : null, endDate ? dayjs(endDate) : null]}
            onChange={(range) => update({ startDate: range?.[0]?.format('YYYY-MM-DD') ?? undefined, endDate: range?.[1]?.format('YYYY-MM-DD') ?? undefined })}
            allowEmpty={[true, true]}
          />
          {filtered && <Button type="link" onClick={() => update({ kind: undefined, state: undefined, startDate: undefined, endDate: undefined })}>{t('clearFilters')}</Button>}
        </div>
        {query.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
        {query.isError && <LoadError message={query.error.message} onRetry={() => void query.refetch()} testId="archives-detail-error" />}
        {query.isSuccess && (query.data.list.length === 0 ? (
          <Empty description={filtered ? t('noMatch') : t('noEntries')} />
        ) : (
          <div aria-busy={query.isFetching}>
            <p className="archives-row__meta" data-testid="archives-detail-total">{t('total', { n: query.data.total })}</p>
            <ul className="archives-list" data-testid="archives-detail-list">
              {query.data.list.map((e) => <EntryRow key={`${e.kind}-${e.id}`} entry={e} />)}
            </ul>
            <Pagination
              style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={query.data.total}
              pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)} showSizeChanger
              onChange={(p, s) => update({ pageNo: p === 1 ? undefined : p, pageSize: s === 10 ? undefined : s })}
            />
          </div>
        ))}
      </section>
    </div>
  );
}
