import { Type, type Static } from 'typebox';
import { LinkItem } from '../../schemas/link';

export const ImageAdProps = Type.Object({
  image: Type.String({ title: '图片', description: 'Address of the picture (http(s) or a site path such as /uploads/…).', maxLength: 2000, default: '' }),
  alt: Type.String({ title: '替代文字', description: 'What the picture shows, read out by screen readers.', maxLength: 200, default: '' }),
  link: Type.Optional(LinkItem),
  image2: Type.Optional(Type.String({ title: '第二张图片', description: 'A second picture shown side by side with the first; leave empty for one picture.', maxLength: 2000 })),
  alt2: Type.Optional(Type.String({ title: '第二张替代文字', description: 'What the second picture shows.', maxLength: 200 })),
  link2: Type.Optional(LinkItem),
  height: Type.Integer({ title: '高度', description: 'Height of the pictures in pixels; 0 keeps each picture\'s own proportions.', minimum: 0, maximum: 800, default: 0 }),
  radius: Type.Integer({ title: '圆角', description: 'Corner radius in pixels.', minimum: 0, maximum: 32, default: 8 }),
});
export type ImageAdProps = Static<typeof ImageAdProps>;
