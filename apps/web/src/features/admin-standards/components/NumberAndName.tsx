import { Col, Form, Input, Row } from 'antd';
import { Link } from 'react-router';

/** Number (checked on blur, with a link to the record that already has it) and title, above the other fields. */
export function NumberAndName({ dup, onCheck }: { dup: { id: number; no: string } | null; onCheck: () => void }) {
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item name="standardNo" label="标准编号" required extra="按统一编号规则校验并规范写法">
          <Input onBlur={onCheck} />
        </Form.Item>
        {dup && (
          <p role="alert" className="admin-level-red">
            该编号已存在：<Link to={`/admin/standards/edit?id=${dup.id}`}>{dup.no}</Link>
          </p>
        )}
      </Col>
      <Col span={16}>
        <Form.Item name="nameZh" label="标准名称" required>
          <Input />
        </Form.Item>
      </Col>
    </Row>
  );
}
