import { defineWidget } from '../../src/runtime/widget-definition';
import { richTextContract, type RichTextProps } from '../../schemas/widgets/rich-text';

/** Tenant rich text, always shown through the runtime's sanitiser. */
export const widget = defineWidget<RichTextProps>({
  ...richTextContract,
  load: () => import('./rich-text'),
});
