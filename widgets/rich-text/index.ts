import { defineWidget } from '../../src/runtime/widget-definition';
import { RichTextProps } from './schema';

/** Named props migrations (STYLE "A widget is one folder"): the key upgrades props of that version. */
export const RichTextMigrations = {
  /** v1 → v2: a11yLabel, the block's screen-reader name (optional, so v1 props pass unchanged). */
  AddA11yLabel: 1,
} as const;

/** Tenant rich text, always shown through the runtime's sanitiser. */
export const widget = defineWidget<RichTextProps>({
  type: 'rich-text',
  version: 2,
  propsSchema: RichTextProps,
  defaultProps: { padding: 0 },
  migrations: {
    [RichTextMigrations.AddA11yLabel]: (props) => ({ ...props }),
  },
  load: () => import('./rich-text'),
});
