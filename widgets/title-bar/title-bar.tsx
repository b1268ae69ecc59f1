import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { textB } from '../../src/components/widget-texts-b';
import type { TitleBarProps } from './schema';

export default function TitleBar({ props, ctx }: WidgetProps<TitleBarProps>) {
  const centred = props.align === 'center';
  return (
    <header
      className="w-title-bar"
      style={{ display: 'flex', flexDirection: centred ? 'column' : 'row', alignItems: centred ? 'center' : 'baseline', justifyContent: 'space-between', gap: centred ? 4 : 12 }}
    >
      <div style={{ display: 'flex', flexDirection: centred ? 'column' : 'row', alignItems: centred ? 'center' : 'baseline', gap: centred ? 4 : 12, minWidth: 0 }}>
        <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{props.title}</h2>
        {props.subtitle && <span className="w-title-bar-subtitle" style={{ fontSize: 14, color: 'rgba(0,0,0,0.45)' }}>{props.subtitle}</span>}
      </div>
      {props.more && (
        <RuntimeLink link={props.more} className="w-title-bar-more" style={{ fontSize: 14, whiteSpace: 'nowrap' }}>
          {props.moreText || textB(ctx.locale, 'more')} ›
        </RuntimeLink>
      )}
    </header>
  );
}
