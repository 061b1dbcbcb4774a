import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
import { CoverField } from './FileField.tsx';
import { EditorActions } from './EditorActions.tsx';
import type { ConsoleSectionConfig } from './sections.ts';
import { StatusTag } from './StatusTag.tsx';
import { useConsoleCategories } from './useConsoleCategories.ts';

interface Props {
  config: ConsoleSectionConfig;
  item: ContentItem | undefined;
  saving: boolean;
  save: (quiet?: boolean) => Promise<ContentItem | null>;
  onSaved: (item: ContentItem) => void;
}

/** The editor's side column: state, actions, then category, date, cover, weight and source. */
export function EditorSidebar({ config, item, saving, save, onSaved }: Props) {
  const categories = useConsoleCategories(config);
  return (
    <aside className="content-editor-side admin-panel">
      {item && (
        <p className="content-state">
          状态：
          <StatusTag status={item.status} />
          {item.updatedBy && <span>最后修改：{item.updatedBy}</span>}
        </p>
      )}
      <EditorActions config={config} item={item} saving={saving} save={save} onChanged={onSaved} />
      <Form.Item name="category" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
        <Select options={categories.map((c) => ({ value: c.code, label: c.name }))} />
      </Form.Item>
      <Form.Item name="publishedAt" label="发布日期" extra="显示在页面上的日期">
        <DatePicker style={{ width: '100%' }} allowClear={false} />
      </Form.Item>
      <Form.Item name="cover" label="封面图">
        <CoverField />
      </Form.Item>
      <Form.Item name="sort" label="置顶权重" extra="数值越大越靠前，列表和首页未置顶部分按它排序；首页置顶在“首页推荐”中设置">
        <InputNumber min={0} max={9999} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="source" label="来源">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sourceUrl" label="来源链接">
        <Input placeholder="https:// 或 www." maxLength={500} />
      </Form.Item>
    </aside>
  );
}
