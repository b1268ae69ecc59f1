import { Type, type Static } from 'typebox';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

export const BannerProps = Type.Object({
  position: Type.String({ title: '位置', description: 'Which banner set to show (the banner position configured in the back office), e.g. "home".', minLength: 1, maxLength: 40, default: 'home' }),
  autoplay: Type.Boolean({ title: '自动播放', description: 'Move to the next slide on its own (paused while hovered or focused, with a pause button, and never for a visitor who asks for reduced motion).', default: true }),
  interval: Type.Integer({ title: '播放间隔', description: 'Milliseconds each slide stays before the next, 1000 to 30000.', minimum: 1000, maximum: 30000, default: 5000 }),
  height: Type.Integer({ title: '高度', description: 'Height of the carousel in pixels.', minimum: 80, maximum: 800, default: 360 }),
  arrows: Type.Boolean({ title: '左右箭头', description: 'Show previous / next buttons when there is more than one slide.', default: true }),
  a11yLabel: Type.Optional(Type.String({ title: '无障碍名称', description: 'What a screen reader calls the carousel, e.g. "本月活动". Unset: "轮播图" in the visitor\'s language. Each slide\'s picture is described by its title, set with the slide in the back office.', maxLength: 60 })),
});
export type BannerProps = Static<typeof BannerProps>;

/** The contract of the banner widget (widgets/banner/): what the runtime and the server's template check share. */
export const bannerContract = {
  type: 'banner',
  version: 2,
  propsSchema: BannerProps,
  defaultProps: { position: 'home', autoplay: true, interval: 5000, height: 360, arrows: true },
  // Named migrations (issue 14 point 6): the migration report names the ones that ran on each block.
  migrations: [
    // v2 adds a11yLabel, the carousel's screen-reader name (optional, so v1 props pass unchanged).
    { id: 'banner/2-add-a11y-label', up: (props) => ({ ...props }) },
  ],
} satisfies WidgetContract<BannerProps>;

/** The one GET of widgets/banner/, the position's slides, with the store's own on a store's home; the server's home bootstrap makes it too. */
export function bannerRequest(props: BannerProps, ctx: RequestContext): WidgetRequest {
  return { path: '/cfg/api/banner', query: { position: props.position === '' ? undefined : props.position, storeId: ctx.storeId } };
}
