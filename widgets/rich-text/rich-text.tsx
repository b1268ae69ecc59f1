import { RichText } from '../../src/runtime/rich-text-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { headingOf, useWidgetTexts } from '../../src/components/widget-texts';
import type { RichTextProps } from './schema';

// DESIGN "No eval": the html prop is data; <RichText> sanitises it before it reaches the page.
export default function RichTextWidget({ props, ctx }: WidgetProps<RichTextProps>) {
  const { locale } = useWidgetTexts(ctx.locale);
  // A block without html (a new one) shows a placeholder line in the visitor's language.
  const html = props.html ?? `<p>${headingOf(locale, undefined, 'rich-text')}</p>`;
  return (
    <div className="w-rich-text" style={{ padding: props.padding }}>
      <RichText html={html} />
    </div>
  );
}
