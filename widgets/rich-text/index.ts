import { defineWidget } from '../../src/runtime/widget-definition';
import { RichTextProps } from './schema';

/** Tenant rich text, always shown through the runtime's sanitiser. */
export const widget = defineWidget<RichTextProps>({
  type: 'rich-text',
  version: 1,
  propsSchema: RichTextProps,
  defaultProps: { padding: 0 },
  migrations: {},
  load: () => import('./rich-text'),
});
