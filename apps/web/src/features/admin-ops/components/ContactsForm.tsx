import { Button, Form, Input, Space } from 'antd';

/** Ordered footer contact cards; the first is shown as 平台运营人员, the rest as 平台技术人员. */
export function ContactsForm() {
  return (
    <Form.List name="contacts">
      {(fields, { add, remove, move }) => (
        <>
          {fields.map((f, i) => (
            <Space key={f.key} align="baseline" wrap aria-label={`联系人 ${i + 1}`} role="group">
              <strong style={{ width: 100, display: 'inline-block' }}>{i === 0 ? '平台运营人员' : '平台技术人员'}</strong>
              <Form.Item name={[f.name, 'realName']} label="姓名">
                <Input aria-label={`联系人 ${i + 1} 姓名`} />
              </Form.Item>
              <Form.Item name={[f.name, 'mobile']} label="电话">
                <Input aria-label={`联系人 ${i + 1} 电话`} />
              </Form.Item>
              <Form.Item name={[f.name, 'email']} label="邮箱（选填）">
                <Input aria-label={`联系人 ${i + 1} 邮箱`} />
              </Form.Item>
              <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                上移
              </Button>
              <Button size="small" danger disabled={fields.length <= 1} onClick={() => remove(f.name)}>
                删除
              </Button>
            </Space>
          ))}
          <Button onClick={() => add({ realName: '', mobile: '', email: '' })}>添加联系人</Button>
        </>
      )}
    </Form.List>
  );
}
