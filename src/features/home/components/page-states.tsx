// What a runtime page shows instead of blocks: no template, no such page, an unreadable or empty
// template, or a failed load with a retry. antd's Empty/Result/Button render them, so this module
// loads only when one is shown (issue 15 point 3: the home's first JS carries no error views).
import { Button, Empty, Result } from 'antd';
import { runtimeText, type RuntimeText } from './texts';

/** The states, by the data-testid the page has always shown them with. */
export type PageStateKind = 'no-template' | 'not-found' | 'unreadable' | 'empty' | 'error';

export interface PageStateProps {
  kind: PageStateKind;
  locale: 'zh' | 'en' | undefined;
  /** The failure's message (kind 'error'). */
  message?: string;
  onRetry?: () => void;
}

const EMPTY_TEXT: Record<Exclude<PageStateKind, 'no-template' | 'error'>, RuntimeText> = { 'not-found': 'notFound', unreadable: 'unreadable', empty: 'empty' };

/** One state of a runtime page, in the look it had inline before. */
export default function PageState({ kind, locale, message, onRetry }: PageStateProps) {
  if (kind === 'no-template') {
    return (
      <div data-testid="runtime-page-no-template">
        <Empty description={<><div>{runtimeText(locale, 'noTemplate')}</div><div style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))' }}>{runtimeText(locale, 'noTemplateHint')}</div></>} />
      </div>
    );
  }
  if (kind === 'error') {
    return (
      <div data-testid="runtime-page-error">
        <Result
          status="warning" title={runtimeText(locale, 'failed')} subTitle={message}
          extra={<Button type="primary" onClick={onRetry}>{runtimeText(locale, 'retry')}</Button>}
        />
      </div>
    );
  }
  return <div data-testid={`runtime-page-${kind}`}><Empty description={runtimeText(locale, EMPTY_TEXT[kind])} /></div>;
}
