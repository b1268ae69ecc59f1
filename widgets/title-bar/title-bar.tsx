import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { headingOf, widgetTexts, widgetText, type WidgetLocale } from '../../src/components/widget-texts';
import type { TitleBarProps } from '../../schemas/widgets/title-bar';
import './title-bar.css';

/** The "more" link in the tenant's link colour (title-bar.css: --portal-link, 4.5:1 on the page in both styles). */
function More({ props, locale }: { props: TitleBarProps; locale: WidgetLocale }) {
  return (
    <RuntimeLink link={props.more} className="w-title-bar-more">
      {props.moreText || widgetText(locale, 'more')} ›
    </RuntimeLink>
  );
}

// Light markup (issue 15 point 2): a bare heading when there is nothing beside it; looks in title-bar.css.
export default function TitleBar({ props, ctx }: WidgetProps<TitleBarProps>) {
  const { locale } = widgetTexts(ctx.locale);
  const heading = headingOf(locale, props.title, 'title-bar');
  const align = props.align === 'center' ? ' w-title-bar-center' : '';
  if (!props.subtitle && !props.more) return <h2 className={`w-title-bar w-title-bar-heading${align}`}>{heading}</h2>;
  return (
    <header className={`w-title-bar${align}`}>
      <h2 className="w-title-bar-heading">{heading}</h2>
      {props.subtitle && <span className="w-title-bar-subtitle">{props.subtitle}</span>}
      {props.more && <More props={props} locale={locale} />}
    </header>
  );
}
