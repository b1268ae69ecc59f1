// The learning records to an .xlsx file (/archives/detail's export): every entry the filter matches,
// fetched a page of 50 at a time (at most 2,000 rows), written with exceljs, loaded only when the
// learner exports so the page's chunk stays small.
import { searchUserStudy, type ArchiveEntry, type EntryQuery } from '../../../api/archives';
import { duration, type ArchivesTexts } from './archives-texts';
import { shortTime } from './archive-parts';

const PAGE = 50;
const MAX_ROWS = 2000;

/** Every entry the filter matches, in the list's order. */
export async function allEntries(filter: Omit<EntryQuery, 'pageNo' | 'pageSize'>): Promise<ArchiveEntry[]> {
  const rows: ArchiveEntry[] = [];
  for (let pageNo = 1; rows.length < MAX_ROWS; pageNo += 1) {
    const page = await searchUserStudy({ ...filter, pageNo, pageSize: PAGE }, { silent: true });
    rows.push(...page.list);
    if (page.list.length < PAGE || rows.length >= page.total) break;
  }
  return rows.slice(0, MAX_ROWS);
}

/** The entries as an .xlsx workbook's bytes. */
export async function entriesWorkbook(rows: readonly ArchiveEntry[], t: ArchivesTexts): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t('secDetail'));
  sheet.columns = [
    { header: t('kind'), key: 'kind', width: 12 },
    { header: t('name'), key: 'title', width: 40 },
    { header: t('state'), key: 'state', width: 10 },
    { header: `${t('progress')} %`, key: 'percentage', width: 10 },
    { header: t('timeSpent'), key: 'time', width: 16 },
    { header: t('score'), key: 'score', width: 10 },
    { header: t('startedAt'), key: 'startedAt', width: 18 },
    { header: t('lastStudy'), key: 'lastStudy', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const e of rows) {
    sheet.addRow({
      kind: t(e.kind), title: e.title,
      state: e.kind === 'exam' && e.passed !== null ? t(e.passed ? 'passed' : 'notPassed') : t(e.state === 2 ? 'finished' : 'inProgress'),
      percentage: e.percentage, time: duration(e.seconds, t), score: e.score ?? '', startedAt: shortTime(e.startedAt), lastStudy: shortTime(e.lastStudyTime),
    });
  }
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Offers bytes to the browser as a download. */
export function download(bytes: ArrayBuffer, name: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
