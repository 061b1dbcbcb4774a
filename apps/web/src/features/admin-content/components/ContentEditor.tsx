import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';
import { AttrFields } from './AttrFields.tsx';
import { CoverField } from './FileField.tsx';
import { EditorActions } from './EditorActions.tsx';
import { toForm, toInput, type EditorValues } from './formValues.ts';
import type { ConsoleSectionConfig } from './sections.ts';
import { useConsoleCategories } from './useConsoleCategories.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { StatusTag } from './StatusTag.tsx';

// Tiptap and ProseMirror load with the editor, never with the list or any public page.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/**
 * The one editor of every section: common fields, the rich-text body, the section's own fields from
 * its config, and the actions (save, preview, publish now or at a time, unpublish, revisions).
 */
export function ContentEditor({
  config,
  item,
  onSaved,
}: {
  config: ConsoleSectionConfig;
  item: ContentItem | undefined;
  onSaved: (item: ContentItem) => void;
}) {
  const [form] = Form.useForm<EditorValues>();
  const navigate = useNavigate();
  const categories = useConsoleCategories(config);
  const [saving, setSaving] = useState(false);

  /** Saves (create or update) after the shared checks; resolves to the saved item or null. */
  const save = async (quiet = false): Promise<ContentItem | null> => {
    try {
      await form.validateFields();
    } catch {
      toast.error('请检查标红的字段');
      return null;
    }
    const checked = toInput(config, form.getFieldsValue(true) as EditorValues);
    if (!checked.ok) {
      toast.error(checked.message);
      return null;
    }
    setSaving(true);
    try {
      const res = item
        ? await contentApi.update(config.name, item.id, checked.body)
        : await contentApi.create(config.name, checked.body);
      if (res.code !== 0) {
        toast.error(res.msg);
        return null;
      }
      if (!quiet) toast.success(res.msg);
      onSaved(res.data);
      if (!item) navigate(`/admin/content/${config.name}/${res.data.id}`, { replace: true });
      return res.data;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<EditorValues>
      form={form}
      layout="vertical"
      initialValues={toForm(config, item)}
      className="content-editor"
      requiredMark={requiredMark}
    >
      {item?.returnedReason && item.status === 'draft' && (
        <Alert type="warning" showIcon title={`发布申请被退回：${item.returnedReason}`} style={{ marginBottom: 16 }} />
      )}
      {item?.pendingRequest && (
        <Alert
          type="info"
          showIcon
          title={`${item.pendingRequest.requestedBy ?? ''} 于 ${formatDateTime(item.pendingRequest.requestedAt)} 提交了发布申请，等待管理员审核`}
          style={{ marginBottom: 16 }}
        />
      )}
      <div className="content-editor-grid">
        <div className="content-editor-main admin-panel">
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, whitespace: true, message: '请输入标题（1-200个字符）' }]}
          >
            <Input maxLength={200} showCount />
          </Form.Item>
          <Form.Item name="bodyHtml" label="正文" valuePropName="value">
            <BodyField />
          </Form.Item>
          <Form.Item name="summary" label="摘要" extra="列表中显示的简介；不填则只显示标题">
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
          <AttrFields config={config} />
        </div>
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
          <Form.Item
            name="sort"
            label="置顶权重"
            extra="数值越大越靠前，列表和首页未置顶部分按它排序；首页置顶在“首页推荐”中设置"
          >
            <InputNumber min={0} max={9999} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="source" label="来源">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="sourceUrl" label="来源链接">
            <Input placeholder="https://" maxLength={500} />
          </Form.Item>
        </aside>
      </div>
    </Form>
  );
}

/** The asterisk stays out of the field's accessible name (the field is "标题", not "* 标题"). */
function requiredMark(label: ReactNode, { required }: { required: boolean }) {
  return (
    <>
      {required && (
        <span aria-hidden="true" className="content-required">
          *
        </span>
      )}
      {label}
    </>
  );
}

/** Form.Item hands value/onChange to its only child. */
function BodyField({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<div className="rte-loading">正在加载编辑器…</div>}>
      <RichTextEditor value={value ?? ''} onChange={(html) => onChange?.(html)} />
    </Suspense>
  );
}
