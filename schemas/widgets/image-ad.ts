import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';

export const ImageAdProps = Type.Object({
  image: Type.String({ title: '图片', description: 'Address of the picture (http(s) or a site path such as /uploads/…).', maxLength: 2000, default: '' }),
  alt: Type.String({ title: '替代文字', description: 'What the picture shows (or, for a link, where it leads), read out by screen readers. Needed for a linked picture; leave empty only for a purely decorative picture without a link.', maxLength: 200, default: '' }),
  link: Type.Optional(LinkItem),
  image2: Type.Optional(Type.String({ title: '第二张图片', description: 'A second picture shown side by side with the first; leave empty for one picture.', maxLength: 2000 })),
  alt2: Type.Optional(Type.String({ title: '第二张替代文字', description: 'What the second picture shows (or where its link leads); empty only for a decorative picture without a link.', maxLength: 200 })),
  link2: Type.Optional(LinkItem),
  height: Type.Integer({ title: '高度', description: 'Height of the pictures in pixels; 0 keeps each picture\'s own proportions.', minimum: 0, maximum: 800, default: 0 }),
  radius: Type.Integer({ title: '圆角', description: 'Corner radius in pixels.', minimum: 0, maximum: 32, default: 8 }),
  a11yLabel: Type.Optional(Type.String({ title: '无障碍名称', description: 'What a screen reader calls this block, e.g. "春季促销". Unset: "图片广告" in the visitor\'s language.', maxLength: 60 })),
});
export type ImageAdProps = Static<typeof ImageAdProps>;

/** The contract of the image-ad widget (widgets/image-ad/): what the runtime and the server's template check share. */
export const imageAdContract = {
  type: 'image-ad',
  version: 2,
  propsSchema: ImageAdProps,
  defaultProps: { image: '', alt: '', height: 0, radius: 8 },
  // Named migrations (issue 14 point 6): the migration report names the ones that ran on each block.
  migrations: [
    // v2 adds a11yLabel, the block's screen-reader name (optional, so v1 props pass unchanged).
    { id: 'image-ad/2-add-a11y-label', up: (props) => ({ ...props }) },
  ],
} satisfies WidgetContract<ImageAdProps>;
