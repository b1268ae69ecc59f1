// The contents of a reading product: its chapters in order, free ones marked, locked ones with a
// lock; the current one highlighted. Also the chapter choice (`?chapter=n`, else the chapter this
// browser read last, else 1) and the last-read memory in localStorage.
import { LockOutlined, SoundOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { ChapterItem } from '../api/reading-api';
import { useReadingTexts } from './reading-texts';

const lastReadKey = (tenantId: number | null, productId: number) => `portal.noval.${tenantId ?? 0}.${productId}`;

/** The id of the chapter of this book this browser read last, or null. */
export function lastReadChapter(tenantId: number | null, productId: number): number | null {
  try {
    const raw = localStorage.getItem(lastReadKey(tenantId, productId));
    return raw && /^\d+$/.test(raw) ? Number(raw) : null;
  } catch {
    return null;
  }
}

/** Remembers the chapter read (by id, so it survives chapters added before it). */
export function rememberChapter(tenantId: number | null, productId: number, chapterId: number): void {
  try {
    localStorage.setItem(lastReadKey(tenantId, productId), String(chapterId));
  } catch {
    // Private mode or a full store: the book still opens, at chapter 1 next time.
  }
}

/** The 1-based chapter to show: `?chapter=` when a whole number in range, else the one read last, else 1. */
export function chapterIndex(query: string | null, chapters: readonly ChapterItem[], lastRead: number | null): number {
  if (query !== null && /^\d+$/.test(query)) {
    const n = Number(query);
    if (n >= 1 && n <= chapters.length) return n;
  }
  const remembered = lastRead === null ? -1 : chapters.findIndex((c) => c.id === lastRead);
  return remembered >= 0 ? remembered + 1 : 1;
}

/** The contents list; `href(n)` is the address of chapter n. */
export function ReadingContents({ chapters, current, href }: { chapters: readonly ChapterItem[]; current: number; href: (n: number) => string }) {
  const t = useReadingTexts();
  return (
    <nav aria-label={t('chapters')} data-testid="noval-contents">
      <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>{t('chapters')}</h2>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {chapters.map((c, i) => {
          const active = i + 1 === current;
          return (
            <li key={c.id} data-testid="noval-chapter" data-locked={c.locked} data-free={c.free}>
              <Link
                to={href(i + 1)} aria-current={active ? 'page' : undefined} aria-label={c.locked ? t('lockedChapter', { title: c.title }) : undefined /* WCAG 2.5.3: an open chapter is named by what it shows (title and 免费), a locked one says so */}
                style={{
                  display: 'flex', alignItems: 'center', gap: 6, padding: '6px 8px', borderRadius: 4, fontWeight: active ? 600 : 400, textDecoration: 'none',
                  background: active ? 'var(--portal-primary-bg, #e6f4ff)' : undefined,
                  color: c.locked ? 'var(--portal-text-secondary, rgba(0,0,0,0.55))' : 'inherit',
                }}
              >
                {c.hasAudio ? <SoundOutlined aria-hidden /> : null}
                <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{c.title}</span>
                {c.free ? <Tag color="green" style={{ marginInlineEnd: 0 }}>{t('free')}</Tag> : null}
                {c.locked ? <LockOutlined aria-hidden data-testid="noval-lock" /> : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
