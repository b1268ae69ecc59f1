import { RichText } from '../../src/runtime/rich-text-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { RichTextProps } from './schema';

// DESIGN "No eval": the html prop is data; <RichText> sanitises it before it reaches the page.
export default function RichTextWidget({ props }: WidgetProps<RichTextProps>) {
  return (
    <div className="w-rich-text" style={{ padding: props.padding }}>
      <RichText html={props.html} />
    </div>
  );
}
