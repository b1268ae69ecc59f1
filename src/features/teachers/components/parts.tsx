// Pieces the teachers feature's pages share: the page frame, the loading / error / bad-link states,
// stars, money and the requirement status tag.
import { Button, Result, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import type { RequirementCategory, RequirementStatus } from '../../../api/teachers';
import type { TeachersTexts } from './texts';

/** The frame of every page of the feature: a centred column with the page's one h1. */
export function PageFrame({ title, extra, intro, testId, children }: { title: ReactNode; extra?: ReactNode; intro?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <div className="portal-teachers" data-testid={testId} style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap', marginBottom: intro ? 4 : 16 }}>
        <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600 }}>{title}</h1>
        {extra}
      </div>
      {intro ? <p style={{ margin: '0 0 16px', opacity: 0.75 }}>{intro}</p> : null}
      {children}
    </div>
  );
}

/** The loading skeleton of a page. */
export function PageLoading({ testId }: { testId: string }) {
  return <div data-testid={testId} style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}><Skeleton active paragraph={{ rows: 8 }} /></div>;
}

/** A failed load: not found, refused or an error, with a retry and the way back. */
export function PageError({ error, onRetry, back, t }: { error: Error; onRetry(): void; back: { to: string; text: string }; t: TeachersTexts }) {
  const status = error instanceof ApiError && error.code === 404 ? '404' : error instanceof ApiError && error.code === 403 ? '403' : 'error';
  return (
    <Result
      status={status} title={t('loadFailed')} subTitle={error.message}
      extra={<Space><Button onClick={onRetry}>{t('retry')}</Button><Link to={back.to}>{back.text}</Link></Space>}
    />
  );
}

/** A page opened without a valid ?id. */
export function BadLink({ back, t }: { back: { to: string; text: string }; t: TeachersTexts }) {
  return <Result status="warning" title={t('badId')} subTitle={t('badIdHint')} extra={<Link to={back.to}>{back.text}</Link>} />;
}

/** The id of ?id=, or undefined when it is not a positive integer. */
export function idParam(params: URLSearchParams): number | undefined {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Stars for a 0–5 average (★ filled, ☆ empty, in the text colour so both themes keep their contrast), named by the value. */
export function Stars({ value, label }: { value: number; label: string }) {
  const full = Math.round(value);
  return (
    <span role="img" aria-label={label} style={{ letterSpacing: 1 }}>{'★'.repeat(full)}{'☆'.repeat(5 - full)}</span>
  );
}

/** ¥1,234.50, or 面议 / Negotiable for null. */
export function money(value: number | null, t: TeachersTexts): string {
  if (value === null) return t('negotiable');
  return `¥${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** 2026-11-27 10:30 */
export const dateTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
export const dateOnly = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

const STATUS_COLOR: Record<RequirementStatus, string> = { open: 'green', expired: 'orange', matched: 'blue', closed: 'default' };

/** 征集中 / 已截止 / 已对接 / 已关闭. */
export function StatusTag({ status, t }: { status: RequirementStatus; t: TeachersTexts }) {
  return <Tag color={STATUS_COLOR[status]} data-testid="requirement-status">{t(`status_${status}`)}</Tag>;
}

/** Plain text as HTML: one paragraph per blank-line block, characters escaped (the server sanitises again). */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text.trim().split(/\n{2,}/).filter((p) => p.trim()).map((p) => `<p>${escape(p.trim()).replace(/\n/g, '<br>')}</p>`).join('');
}

/** Stored HTML as text to edit: block ends become line breaks. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h\d|div)>/gi, '\n\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** Whether a number has at most two decimals (a budget or a quote in yuan). */
export const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const CATEGORY_KEYS = { course: 'cat_course', lecture: 'cat_lecture', content: 'cat_content', consulting: 'cat_consulting', other: 'catOther' } as const;

/** 课程开发, 培训讲师… (a key ending in _other would read as a plural form, so 其他 is catOther). */
export const categoryLabel = (c: RequirementCategory, t: TeachersTexts) => t(CATEGORY_KEYS[c]);
