import { lazy, Suspense, type ReactNode } from 'react';
import { Form, Input } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
import { AttrFields } from './AttrFields.tsx';
import { ContentEditorNotices } from './ContentEditorNotices.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { toForm, type EditorValues } from './formValues.ts';
import type { ConsoleSectionConfig } from './sections.ts';
import { useContentSave } from './useContentSave.ts';

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
  const { form, saving, save } = useContentSave(config, item, onSaved);

  return (
    <Form<EditorValues>
      form={form}
      layout="vertical"
      initialValues={toForm(config, item)}
      className="content-editor"
      requiredMark={requiredMark}
    >
      <ContentEditorNotices item={item} />
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
        <EditorSidebar config={config} item={item} saving={saving} save={save} onSaved={onSaved} />
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
