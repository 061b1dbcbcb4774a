import { useEffect, useState } from 'react';
import { Space, Switch } from 'antd';
import type { SectionVisibility } from '@zs/shared/api/admin-settings';
import { saveSectionVisibility, sectionVisibility } from '../api/ops.ts';
import { toast } from '../../../lib/feedback.ts';
import { loadSiteInfo } from '../../../lib/siteInfo.ts';

/**
 * 隐藏空栏目 (issue 30, decisions/0088): the office chooses whether a section with nothing published leaves the
 * public navigation and /home until it has content; the panel names the sections that are empty right now.
 */
export function SectionVisibilityPanel() {
  const [state, setState] = useState<SectionVisibility | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void sectionVisibility().then((r) => r.code === 0 && setState(r.data));
  }, []);
  const toggle = async (on: boolean) => {
    setBusy(true);
    const r = await saveSectionVisibility({ hideEmptySections: on }).catch(() => null);
    setBusy(false);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    setState(r.data);
    toast.success(r.msg || '已保存');
    void loadSiteInfo(true);
  };
  const empty = state?.emptyPages ?? [];
  return (
    <section className="admin-panel" aria-label="空栏目">
      <h2>空栏目</h2>
      <Space>
        <Switch
          checked={state?.hideEmptySections ?? false}
          disabled={!state}
          loading={busy}
          onChange={(on) => void toggle(on)}
          aria-label="隐藏空栏目"
        />
        <span>在导航和首页隐藏没有内容的栏目</span>
      </Space>
      <p className="admin-hint">
        开启后，没有已发布内容的栏目不出现在顶部导航和首页（首页也不显示为 0
        的统计），发布内容后自动重新显示；关闭时全部栏目照常显示。 访客直接打开空栏目的网址时，页面会说明“本栏目暂无内容”。
      </p>
      <p data-testid="empty-sections">
        {!state
          ? '加载中…'
          : empty.length === 0
            ? '目前每个栏目都有已发布的内容。'
            : `目前没有已发布内容的栏目：${empty.map((p) => p.label).join('、')}${state.hideEmptySections ? '（已在导航和首页隐藏）' : ''}。`}
      </p>
    </section>
  );
}
