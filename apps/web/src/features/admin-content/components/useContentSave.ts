import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Form } from 'antd';
import type { ContentItem } from '@zs/shared/api/content';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';
import { toInput, type EditorValues } from './formValues.ts';
import type { ConsoleSectionConfig } from './sections.ts';

/** The editor's form and its save (create or update); a new item's page moves to the item's own address. */
export function useContentSave(
  config: ConsoleSectionConfig,
  item: ContentItem | undefined,
  onSaved: (item: ContentItem) => void,
) {
  const [form] = Form.useForm<EditorValues>();
  const navigate = useNavigate();
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

  return { form, saving, save };
}
