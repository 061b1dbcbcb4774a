/** Collection tabs: 'standard' and the collectable portal sections (slug → list title and detail page). */
export const COLLECTION_TABS: Array<{ key: string; label: string; detail: string | null }> = [
  { key: 'standard', label: '标准', detail: '/standard-detail' },
  { key: 'news', label: '资讯', detail: '/news-detail' },
  { key: 'service', label: '服务', detail: '/service-detail' },
  { key: 'talent', label: '人才', detail: '/talent-detail' },
  { key: 'training', label: '培训', detail: '/training-detail' },
  { key: 'standard-plus', label: '标准+', detail: '/standard-plus-detail' },
  { key: 'activity', label: '活动', detail: '/activity-detail' },
  { key: 'result', label: '成果', detail: '/result-detail' },
  { key: 'xiangshan-product', label: '香山之品', detail: '/standard-xsDetail' },
];

export const detailOf = (itemType: string, id: number): string | null => {
  const d = COLLECTION_TABS.find((t) => t.key === itemType)?.detail;
  return d ? `${d}?id=${id}` : null;
};
