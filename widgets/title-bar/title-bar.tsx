import { theme } from 'antd';
import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { scaled, SECONDARY_TEXT, usePageBackground } from '../../src/components/widget-parts';
import { headingOf, useWidgetTexts, widgetText } from '../../src/components/widget-texts';
import { readableColor } from '../../src/lib/settings';
import type { TitleBarProps } from './schema';

export default function TitleBar({ props, ctx }: WidgetProps<TitleBarProps>) {
  const { locale } = useWidgetTexts(ctx.locale);
  const centred = props.align === 'center';
  // "More ›" in the tenant's link colour (antd's colorLink, already 4.5:1 on the portal's page;
  // checked again here for a page outside the portal's theme, e.g. antd's default #1677ff).
  const { token } = theme.useToken();
  const page = usePageBackground();
  const link = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(token.colorLink) ? readableColor(token.colorLink, page, 4.5) : SECONDARY_TEXT;
  return (
    <header
      className="w-title-bar"
      style={{ display: 'flex', flexDirection: centred ? 'column' : 'row', alignItems: centred ? 'center' : 'baseline', justifyContent: 'space-between', gap: centred ? 4 : 12 }}
    >
      <div style={{ display: 'flex', flexDirection: centred ? 'column' : 'row', alignItems: centred ? 'center' : 'baseline', gap: centred ? 4 : 12, minWidth: 0 }}>
        <h2 style={{ margin: 0, fontSize: scaled(20), fontWeight: 600 }}>{headingOf(locale, props.title, 'title-bar')}</h2>
        {props.subtitle && <span className="w-title-bar-subtitle" style={{ fontSize: scaled(14), color: SECONDARY_TEXT }}>{props.subtitle}</span>}
      </div>
      {props.more && (
        <RuntimeLink link={props.more} className="w-title-bar-more" style={{ fontSize: scaled(14), color: link, whiteSpace: 'nowrap' }}>
          {props.moreText || widgetText(locale, 'more')} ›
        </RuntimeLink>
      )}
    </header>
  );
}
