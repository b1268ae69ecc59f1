import type { WidgetProps } from '../../src/runtime/widget-definition';
import { SPLIT_LINE } from '../../src/components/widget-parts';
import type { SpacerProps } from '../../schemas/widgets/spacer';

// Pure layout: hidden from screen readers, no landmark (docs/widgets.md "Accessibility").
export default function Spacer({ props }: WidgetProps<SpacerProps>) {
  const height = Math.min(200, Math.max(0, props.height));
  return (
    <div className="w-spacer" role="presentation" aria-hidden="true" data-height={height} style={{ height, display: 'flex', alignItems: 'center' }}>
      {props.divider && <hr style={{ flex: 1, margin: 0, border: 0, borderTop: SPLIT_LINE }} />}
    </div>
  );
}
