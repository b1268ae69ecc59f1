import { RichText, useSanitisedTemplate } from '../../src/runtime/rich-text-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { headingOf, widgetTexts, widgetText } from '../../src/components/widget-texts';
import type { RichTextProps } from '../../schemas/widgets/rich-text';

/** An HTML heading element anywhere in the text. */
const HEADING = /<h[1-6][\s>]/i;

// DESIGN "No eval": the html prop is data; <RichText> sanitises it before it reaches the page,
// unless the server already did when it saved the template (schemas/rich-text-policy.ts).
export default function RichTextWidget({ props, ctx }: WidgetProps<RichTextProps>) {
  const { locale } = widgetTexts(ctx.locale);
  const presanitised = useSanitisedTemplate();
  // A block without html (a new one) shows a placeholder line in the visitor's language.
  const html = props.html ?? `<p>${headingOf(locale, undefined, 'rich-text')}</p>`;
  // One element: the text itself, padded only when the block sets padding.
  const style = props.padding ? { padding: props.padding } : undefined;
  // Every block is a named region or carries a heading (issue 23 point 4): text with its own
  // heading needs nothing more; otherwise the block is a region named by a11yLabel or "图文".
  if (!props.a11yLabel && HEADING.test(html)) return <RichText html={html} presanitised={presanitised} className="w-rich-text" style={style} />;
  return (
    <RichText
      as="section" html={html} presanitised={presanitised} className="w-rich-text" style={style}
      label={props.a11yLabel || widgetText(locale, 'richText')}
    />
  );
}
