import { defineWidget } from '../../src/runtime/widget-definition';
import { NavGridProps } from './schema';

/** An icon grid of shortcuts; each entry is a LinkItem (routes, category jumps by purpose, addresses). */
export const widget = defineWidget<NavGridProps>({
  type: 'nav-grid',
  version: 1,
  propsSchema: NavGridProps,
  defaultProps: {
    columns: 5,
    iconSize: 48,
    items: [
      { title: '课程', link: { linkType: 'route', linkUrl: 'course' } },
      { title: '知识', link: { linkType: 'route', linkUrl: 'knowledge' } },
      { title: '培训班', link: { linkType: 'route', linkUrl: 'classes' } },
      { title: '考试', link: { linkType: 'route', linkUrl: 'examList' } },
      { title: '积分排行', link: { linkType: 'route', linkUrl: 'integralRank' } },
    ],
  },
  migrations: {},
  load: () => import('./nav-grid'),
});
