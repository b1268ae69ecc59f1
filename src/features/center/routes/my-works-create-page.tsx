// /user/center/content/myWorks/create (spec learning §2 "Personal center" content; issue 20 part V):
// write a work. Without ?id= it asks the card (title, the pen name on a first work, kind, category,
// introduction, cover), creates the draft with its first chapter and goes on to edit it. With ?id=
// (and ?chapter= for the open chapter) it edits my work: the card, the chapters (add, reorder,
// rename, show or hide, delete), each chapter in the rich-text editor with word count and autosave,
// attachments, and "Submit for review". A work in review is shown read-only (nobody edits it); a
// rejected one shows the reviewer's reason; a published one says changes need another review.
import { Alert, Button, Card, Collapse, Popconfirm, Skeleton, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  deleteChapter, patchWork, saveChapter, saveChapterOrder, saveWork, setChapterState, submitWork, useMyAuthor, useMyChapters, useMyWork,
  useRefreshWork, workReaderPath, type MyWork,
} from '../../../api/creators';
import { showMessage } from '../../../components/feedback/feedback';
import { CenterLayout } from '../components/center-layout';
import { WorksAttachments } from '../components/works-attachments';
import { WorksBasicsForm, type WorkBasics } from '../components/works-basics-form';
import { WorksChapterEditor } from '../components/works-chapter-editor';
import { WorksChapters, type ChapterActions } from '../components/works-chapters';
import { useWorksTexts, type WorksTexts } from '../components/works-texts';

const MY_WORKS = '/user/center/content/myWorks';

function positive(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export default function MyWorksCreatePage() {
  const t = useWorksTexts();
  const { t: i18n } = useTranslation();
  const [search] = useSearchParams();
  const id = positive(search.get('id'));
  return (
    <CenterLayout title={i18n('route.myWorksCreate')} testId="my-works-create">
      <nav style={{ marginBottom: 12 }} aria-label={t('back')}><Link to={MY_WORKS} data-testid="works-back">‹ {t('back')}</Link></nav>
      {id === null ? <NewWork t={t} /> : <EditWork key={id} t={t} id={id} />}
    </CenterLayout>
  );
}

/** The card of a new work; saving creates it with chapter 1 and opens that chapter. */
function NewWork({ t }: { t: WorksTexts }) {
  const author = useMyAuthor();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const create = async (b: WorkBasics) => {
    setSaving(true);
    try {
      const work = await saveWork({
        title: b.title, purpose: b.purpose, categoryId: b.categoryId, intro: b.intro, cover: b.cover, ...(b.penName ? { penName: b.penName } : {}),
      });
      const first = await saveChapter({ contentId: work.id, title: t('newChapterTitle', { n: 1 }), html: '' });
      void navigate(`?id=${work.id}&chapter=${first.id}`, { replace: true });
    } catch {
      // The error catalogue has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };
  if (author.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Card title={t('newWork')} data-testid="works-new">
      <WorksBasicsForm t={t} work={null} needPenName={!author.data?.penName} disabled={false} saving={saving} onSave={(b) => void create(b)} />
    </Card>
  );
}

/** The banner of a work's state: locked in review, the rejection's reason, or published. */
function StateBanner({ t, work }: { t: WorksTexts; work: MyWork }) {
  if (work.state === 'pending') return <Alert type="info" showIcon title={t('lockedInReview')} data-testid="works-locked" style={{ marginBottom: 16 }} />;
  if (work.state === 'rejected') return <Alert type="warning" showIcon title={t('rejectedBanner', { reason: work.auditReason ?? '' })} data-testid="works-rejected" style={{ marginBottom: 16 }} />;
  if (work.published) {
    return (
      <Alert
        type="success" showIcon title={t('publishedBanner')} style={{ marginBottom: 16 }}
        action={<Link to={workReaderPath(work)}>{t('readIt')}</Link>}
      />
    );
  }
  return null;
}

function EditWork({ t, id }: { t: WorksTexts; id: number }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const work = useMyWork(id);
  const chapters = useMyChapters(id);
  const refresh = useRefreshWork();
  const flushRef = useRef<(() => Promise<boolean>) | null>(null);
  const [busy, setBusy] = useState(false);
  const [savingBasics, setSavingBasics] = useState(false);

  if (work.isPending || chapters.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (work.isError || chapters.isError) {
    const error = work.error ?? chapters.error;
    const missing = error && 'errorCode' in error && error.errorCode === 'WORK_NOT_FOUND';
    return (
      <Alert
        type="error" showIcon title={missing ? t('notFound') : error?.message || t('loadFailed')} data-testid="works-load-error"
        action={missing ? <Link to={MY_WORKS}>{t('back')}</Link> : <Button size="small" onClick={() => void Promise.all([work.refetch(), chapters.refetch()])}>{t('retry')}</Button>}
      />
    );
  }
  const w = work.data;
  const list = chapters.data.list;
  const locked = w.state === 'pending';
  const wanted = positive(search.get('chapter'));
  const openId = list.find((c) => c.id === wanted)?.id ?? list[0]?.id ?? null;
  const flush = async () => (flushRef.current ? flushRef.current() : true);
  const step = async (task: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await task();
      await refresh(id);
    } catch {
      // Shown by the error catalogue; the page reloads what the server has.
      await refresh(id);
    } finally {
      setBusy(false);
    }
  };
  const open = (chapter: number | null) => setSearch(chapter === null ? { id: String(id) } : { id: String(id), chapter: String(chapter) }, { replace: true });

  const actions: ChapterActions = {
    open: (cid) => void flush().then(() => open(cid)),
    add: () => void step(async () => {
      await flush();
      const added = await saveChapter({ contentId: id, title: t('newChapterTitle', { n: list.length + 1 }), html: '' });
      open(added.id);
    }),
    reorder: (parts) => void step(() => flush().then(() => saveChapterOrder(id, parts))),
    setShown: (cid, shown) => void step(() => setChapterState(id, [cid], shown ? 1 : 0)),
    remove: (cid) => void step(async () => {
      await deleteChapter(cid);
      showMessage('success', t('chapterRemoved'));
      if (cid === openId) open(list.find((c) => c.id !== cid)?.id ?? null);
    }),
  };

  const saveBasics = async (b: WorkBasics) => {
    setSavingBasics(true);
    try {
      await saveWork({ id, title: b.title, purpose: b.purpose, categoryId: b.categoryId, intro: b.intro, cover: b.cover });
      if (b.serialState !== w.serialState) await patchWork({ id, serialState: b.serialState });
      showMessage('success', t('savedOk'));
    } catch {
      // Shown by the error catalogue.
    } finally {
      setSavingBasics(false);
      await refresh(id);
    }
  };

  const submit = async () => {
    if (!(await flush())) return;
    try {
      await submitWork(id);
      showMessage('success', t('submittedOk'));
      await refresh(id);
      void navigate(MY_WORKS);
    } catch {
      // The server's reason (no chapters, an empty chapter) is shown by the error catalogue.
    }
  };

  const current = list.find((c) => c.id === openId);
  const otherWords = list.reduce((n, c) => n + (c.id === openId ? 0 : c.wordCount), 0);
  return (
    <div data-testid="works-edit" data-state={w.state}>
      <StateBanner t={t} work={w} />
      {/* The card folds away: the chapters are what an author works on most. */}
      <Collapse
        size="small" style={{ marginBottom: 16 }} defaultActiveKey={[]}
        items={[{
          key: 'basics', label: `${t('basics')} · ${w.title}`,
          children: <WorksBasicsForm key={w.id} t={t} work={w} needPenName={false} disabled={locked} saving={savingBasics} onSave={(b) => void saveBasics(b)} />,
        }]}
      />
      <div style={{ display: 'flex', gap: 20, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Card size="small" style={{ flex: '0 0 280px', minWidth: 240 }}>
          <WorksChapters t={t} chapters={list} openId={openId} disabled={locked} busy={busy} actions={actions} />
        </Card>
        <Card size="small" style={{ flex: '1 1 420px', minWidth: 0 }}>
          {current ? (
            <WorksChapterEditor
              key={current.id} t={t} contentId={id} chapterId={current.id} disabled={locked} otherWords={otherWords} flushRef={flushRef}
              onSaved={() => void refresh(id)}
            />
          ) : <p style={{ margin: 0 }}>{t('noChapters')}</p>}
        </Card>
      </div>
      <Card title={t('attachments')} size="small" style={{ marginTop: 16 }}>
        <WorksAttachments t={t} work={w} disabled={locked} onChanged={() => void refresh(id)} />
      </Card>
      {!locked ? (
        <Space style={{ marginTop: 20 }}>
          <Popconfirm title={t('submitConfirm')} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => void submit()}>
            <Button type="primary" data-testid="works-submit" disabled={w.state === 'published' && !w.unsubmittedChanges}>{t('submit')}</Button>
          </Popconfirm>
        </Space>
      ) : null}
    </div>
  );
}
