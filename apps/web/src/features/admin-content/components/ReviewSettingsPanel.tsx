import { Space, Switch } from 'antd';
import type { ContentSettings } from '@zs/shared/api/content';

interface Props {
  admin: boolean;
  /** The saved settings; undefined until they have loaded. */
  settings: ContentSettings | undefined;
  onToggle: (on: boolean) => void;
}

/** The 发布需审核 switch (admins only) and what it means. */
export function ReviewSettingsPanel({ admin, settings, onToggle }: Props) {
  return (
    <div className="admin-panel content-settings">
      <Space>
        <Switch
          checked={settings?.reviewRequired ?? false}
          disabled={!admin || !settings}
          onChange={onToggle}
          aria-label="发布需审核"
        />
        <span>发布需审核</span>
      </Space>
      <p className="admin-hint">
        开启后，运营人员点击“发布”会提交发布申请，修改已发布的内容（含恢复历史版本）也要提交审核，由管理员通过后才对外公开（审核期间前台仍显示已发布的版本）；管理员发布和修改不需要审核。审核记录保存在审计日志中。
        {!admin && '（仅管理员可以修改此设置和审核申请）'}
      </p>
    </div>
  );
}
