// Chinese help of the fields the card-list widgets share (schemas/widgets/list-props.ts), for their
// meta.ts `descriptions` (docs/widgets.md "Editor metadata"): the schema's descriptions are English.

/** Help of the shared list fields (title, category, sort, count, columns, "more", layout). */
export const LIST_FIELD_HELP_ZH = {
  title: '列表上方的标题；留空则不显示标题，不填则显示该模块在访客语言下的默认标题。',
  categoryId: '只显示此分类及其下级分类的内容；不选则显示全部分类。',
  sort: 'newest：最新发布的在前；popular：学习、浏览或报名最多的在前。',
  count: '显示多少张卡片（1 到 50）。',
  columns: '网格布局下每行的卡片数（2 到 6）。',
  showMore: '显示“更多”链接，打开按所选分类筛选的完整列表页。',
  layout: 'grid：封面在上的卡片；list：每项一行，封面在左。',
} as const;
