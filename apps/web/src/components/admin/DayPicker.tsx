import { DatePicker } from 'antd';
import { dayToPicker, pickerToDay } from '../../lib/beijingTime.ts';

/**
 * A calendar day picked, not typed (issue 30), for the console's fields that keep plain YYYY-MM-DD strings: a
 * Form.Item hands it value/onChange as strings and the form sends what it sent before.
 */
export function DayPicker({
  value,
  onChange,
  id,
  label,
  placeholder = '选择日期',
}: {
  value?: string | null;
  onChange?: (day: string) => void;
  id?: string;
  label?: string;
  placeholder?: string;
}) {
  return (
    <DatePicker
      id={id}
      aria-label={label}
      value={dayToPicker(value)}
      onChange={(d) => onChange?.(pickerToDay(d))}
      format="YYYY-MM-DD"
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
