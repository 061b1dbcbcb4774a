/** Top navigation of docs/product.md §2: 17 links under 11 items in checkIndex order. */
export interface NavLinkDef {
  path: string;
  label: string;
}
export interface NavItemDef {
  checkIndex: number;
  label: string;
  path?: string;
  children?: NavLinkDef[];
}

export const navItems: NavItemDef[] = [
  { checkIndex: 1, label: '首页', path: '/home' },
  { checkIndex: 2, label: '标准检索', path: '/standard-search' },
  {
    checkIndex: 3,
    label: '中山标准',
    children: [
      { path: '/standard-zhongshan', label: '中山标准' },
      { path: '/standard-xiangshan', label: '香山之品' },
      { path: '/standard-demonstration', label: '标准化示范' },
      { path: '/standard-system', label: '标准体系' },
    ],
  },
  {
    checkIndex: 4,
    label: '深圳标准',
    children: [
      { path: '/standard-shenzhen', label: '深圳标准' },
      { path: '/result-shenzhen', label: '深圳标准认证结果' },
    ],
  },
  { checkIndex: 5, label: '标准化服务', path: '/service-platform' },
  { checkIndex: 6, label: '标准+', path: '/standard-plus' },
  { checkIndex: 7, label: '人才库', path: '/talent-pool' },
  { checkIndex: 8, label: '政策资讯', path: '/news' },
  { checkIndex: 9, label: '培训资料', path: '/training-material' },
  {
    checkIndex: 10,
    label: '活动',
    children: [
      { path: '/activity', label: '活动中心' },
      { path: '/activity-standard', label: '标准活动' },
      { path: '/activity-enterprise', label: '企业活动' },
    ],
  },
  { checkIndex: 11, label: '数据地图', path: '/data-map' },
];

/** The navigation without the hidden section pages (隐藏空栏目, decisions/0088); a group left without links goes. */
export function visibleNavItems(hidden: ReadonlySet<string>): NavItemDef[] {
  if (hidden.size === 0) return navItems;
  return navItems.flatMap((item) => {
    if (!item.children) return hidden.has(item.path!) ? [] : [item];
    const children = item.children.filter((c) => !hidden.has(c.path));
    return children.length ? [{ ...item, children }] : [];
  });
}

export function navLinks(): NavLinkDef[] {
  return navItems.flatMap((item) => item.children ?? [{ path: item.path!, label: item.label }]);
}
