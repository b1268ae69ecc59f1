import { defineWidget } from '../../src/runtime/widget-definition';
import { RichTextProps } from './schema';

/** Tenant rich text, always shown through the runtime's sanitiser. */
export const widget = defineWidget<RichTextProps>({
  type: 'rich-text',
  version: 2,
  propsSchema: RichTextProps,
  defaultProps: { padding: 0 },
  // Named migrations (issue 14 point 6): the migration report names the ones that ran on each block.
  migrations: [
    // v2 adds a11yLabel, the block's screen-reader name (optional, so v1 props pass unchanged).
    { id: 'rich-text/2-add-a11y-label', up: (props) => ({ ...props }) },
  ],
  load: () => import('./rich-text'),
});
