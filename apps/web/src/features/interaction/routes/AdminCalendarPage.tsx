import { useState } from 'react';
import { Button, Input, InputNumber, Select } from 'antd';
import { Link } from 'react-router';
import { parseDays } from '@zs/shared/interaction';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { useSession } from '../../../lib/session.ts';
import { todayInChina } from '../../../lib/dates.ts';
import { consoleApi, type WorkingCalendar } from '../api/interaction.ts';
import '../components/interaction-admin.css';

/**
 * /admin/interaction/calendar: a year's 节假日 and 调休上班日 as the State Council publishes them, typed or pasted
 * (any date format with year, month and day). Nothing is filled in for the office: the dates are its to enter.
 */
export default function AdminCalendarPage() {
  const thisYear = Number(todayInChina().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const remote = useRemote(`working-calendar:${year}`, () => consoleApi.calendar(year));
  const c = remote.data;
  return (
    <AdminShell title="节假日安排">
      <div className="admin-panel">
        <p>
          <Link to="/admin/interaction">返回咨询留言</Link>
        </p>
        <p>
          咨询答复期限按工作日计算：周一至周五，除去录入的节假日，加上录入的调休上班日（周末上班）。某年未录入时，该年按周一至周五计算。
        </p>
        <p>
          <label htmlFor="cal-year">年份：</label>
          <Select
            id="cal-year"
            style={{ width: 120 }}
            value={year}
            onChange={setYear}
            options={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({ value: y, label: `${y}年` }))}
          />{' '}
          <span data-testid="calendar-state">
            {c ? (c.maintained ? `已维护（${c.holidays.length} 个节假日，${c.workdays.length} 个调休上班日）` : '未维护') : ''}
          </span>
        </p>
        {c && <CalendarEditor key={`${c.year}:${c.updatedAt}:${c.replyDays}`} c={c} onSaved={remote.reload} />}
      </div>
    </AdminShell>
  );
}

/** The year's dates and the reply days as the office edits them; remounted (fresh values) after each save. */
function CalendarEditor({ c, onSaved }: { c: WorkingCalendar; onSaved: () => void }) {
  const year = c.year;
  const admin = useSession((s) => s.userInfo?.role === 'admin');
  const [holidays, setHolidays] = useState(c.holidays.join('\n'));
  const [workdays, setWorkdays] = useState(c.workdays.join('\n'));
  const [replyDays, setReplyDays] = useState<number | null>(c.replyDays);
  const { busy, submit } = useSubmit();
  const save = async () => {
    if (await submit(() => consoleApi.saveCalendar(year, parseDays(holidays), parseDays(workdays)), { success: '已保存' }))
      onSaved();
  };
  const saveDays = async () => {
    if (replyDays !== null && (await submit(() => consoleApi.saveReplyDays(replyDays), { success: '答复期限已保存' }))) onSaved();
  };
  return (
    <>
      <div className="qa-admin-form">
        <label htmlFor="cal-holidays">节假日（每行一个日期，或粘贴通知原文中的日期，如 2027-10-01）</label>
        <Input.TextArea id="cal-holidays" rows={8} value={holidays} onChange={(e) => setHolidays(e.target.value)} />
        <label htmlFor="cal-workdays">调休上班日（周末上班的日期）</label>
        <Input.TextArea id="cal-workdays" rows={3} value={workdays} onChange={(e) => setWorkdays(e.target.value)} />
        <p>
          识别到节假日 {parseDays(holidays).length} 个，调休上班日 {parseDays(workdays).length}{' '}
          个。保存后，未办结咨询的答复期限随之重算。
        </p>
        <div>
          <Button type="primary" loading={busy} onClick={() => void save()}>
            保存{year}年安排
          </Button>
        </div>
      </div>
      {admin && (
        <div className="qa-admin-form">
          <label htmlFor="cal-reply-days">答复期限（工作日，1-30）</label>
          <InputNumber id="cal-reply-days" min={1} max={30} value={replyDays} onChange={(v) => setReplyDays(v)} />
          <div>
            <Button loading={busy} onClick={() => void saveDays()}>
              保存答复期限
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
