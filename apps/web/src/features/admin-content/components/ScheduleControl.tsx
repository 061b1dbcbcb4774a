import { useState } from 'react';
import { Button, DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

/** 定时发布: a time from today on, then the button that publishes at that time. */
export function ScheduleControl({ disabled, onPublish }: { disabled: boolean; onPublish: (at: Dayjs | null) => void }) {
  const [at, setAt] = useState<Dayjs | null>(null);
  return (
    <div className="content-schedule">
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        placeholder="选择定时发布时间（北京时间）"
        aria-label="定时发布时间（北京时间）"
        value={at}
        onChange={setAt}
        disabledDate={(d) => d.isBefore(new Date(), 'day')}
      />
      <Button disabled={!at || disabled} onClick={() => onPublish(at)}>
        定时发布
      </Button>
    </div>
  );
}
