import { Col, Form, Input, Row, Select } from 'antd';
import {
  ADOPTION_DEGREES,
  STANDARD_LEVEL_LABELS,
  STANDARD_LEVELS,
  STANDARD_NATURE_LABELS,
  STANDARD_NATURES,
} from '@zs/shared/standards';
import { DayPicker } from '../../../components/admin/DayPicker.tsx';

const TEXT: [string, string, boolean?][] = [
  ['nameEn', '英文名称'],
  ['ccsCode', '中国标准分类号（CCS）'],
  ['icsCode', '国际标准分类号（ICS）'],
  ['department', '主管部门'],
  ['committee', '归口单位'],
  ['issuer', '发布单位'],
  ['region', '地区'],
  ['category', '分类'],
  ['adoptedNo', '采标号'],
  ['officialUrl', '官方链接'],
  ['draftingUnits', '起草单位', true],
  ['drafters', '起草人', true],
  ['scope', '适用范围', true],
  ['notes', '备注', true],
];

const DAYS: [string, string][] = [
  ['publishDate', '发布日期'],
  ['implementDate', '实施日期'],
  ['abolishDate', '废止日期'],
];

/** Every catalogue field except number, title and status (those sit above, with their own checks). */
export function StandardFields() {
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item name="level" label="标准级别">
          <Select
            allowClear
            placeholder="按编号自动判断"
            options={STANDARD_LEVELS.map((l) => ({ value: l, label: STANDARD_LEVEL_LABELS[l] }))}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="nature" label="标准性质">
          <Select
            allowClear
            placeholder="按编号自动判断"
            options={STANDARD_NATURES.map((l) => ({ value: l, label: STANDARD_NATURE_LABELS[l] }))}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="adoptionDegree" label="采标程度">
          <Select allowClear options={ADOPTION_DEGREES.map((d) => ({ value: d, label: d }))} />
        </Form.Item>
      </Col>
      {/* Dates picked in a calendar (issue 30); the form still holds YYYY-MM-DD strings. */}
      {DAYS.map(([name, label]) => (
        <Col span={8} key={name}>
          <Form.Item name={name} label={label}>
            <DayPicker />
          </Form.Item>
        </Col>
      ))}
      {TEXT.map(([name, label, long]) => (
        <Col span={long ? 24 : 8} key={name}>
          <Form.Item name={name} label={label}>
            {long ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} /> : <Input />}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
