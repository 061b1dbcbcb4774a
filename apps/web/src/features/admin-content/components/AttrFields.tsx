import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { AttrField, ConsoleSectionConfig } from './sections.ts';
import { FileListField } from './FileField.tsx';

function control(f: AttrField) {
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={2000} showCount />;
    case 'url':
      return <Input placeholder="https:// 或 www." maxLength={500} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} min={0} />;
    case 'list':
      return <Select mode="tags" open={false} tokenSeparators={[',', '，', '\n']} placeholder="输入后按回车，可填多项" />;
    case 'bool':
      return <Switch checkedChildren="是" unCheckedChildren="否" />;
    case 'select':
      return <Select options={f.options} />;
    case 'files':
      return <FileListField label={f.label} />;
    default:
      return <Input maxLength={200} />;
  }
}

/** The section's own fields, laid out from its config; the shared attrs schema checks them on save. */
export function AttrFields({ config }: { config: ConsoleSectionConfig }) {
  if (!config.fields.length) return null;
  return (
    <div className="content-attrs">
      {config.fields.map((f) => (
        <Form.Item
          key={f.key}
          name={['attrs', f.key]}
          label={f.kind === 'datetime' ? `${f.label}（北京时间）` : f.label}
          extra={f.help}
          required={f.required}
          valuePropName={f.kind === 'bool' ? 'checked' : 'value'}
          rules={
            f.required && f.kind !== 'bool' && f.kind !== 'list' ? [{ required: true, message: `请填写${f.label}` }] : undefined
          }
        >
          {control(f)}
        </Form.Item>
      ))}
    </div>
  );
}
