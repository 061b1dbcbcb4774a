import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { consoleApi, type ConsoleQuestion } from '../api/interaction.ts';

/** 答复 (a template may fill the text, then it is edited) and 转办 (unit and note) of an open question. */
export function AnswerPanel({ q, onDone }: { q: ConsoleQuestion; onDone: () => void }) {
  const templates = useRemote('question-templates', () => consoleApi.templates());
  const [answer, setAnswer] = useState('');
  const [unit, setUnit] = useState('');
  const [note, setNote] = useState('');
  const { busy, submit } = useSubmit();
  const send = async () => {
    if (await submit(() => consoleApi.answer(q.id, answer), { success: '已答复' })) onDone();
  };
  const forward = async () => {
    if (await submit(() => consoleApi.forward(q.id, unit, note), { success: '已转办' })) onDone();
  };
  return (
    <>
      <section className="qa-admin-form" aria-labelledby="qa-answer-h">
        <h3 id="qa-answer-h">答复</h3>
        <Select
          aria-label="答复模板"
          placeholder="选择答复模板（可再修改）"
          allowClear
          options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.title }))}
          onChange={(id) => {
            const t = templates.data?.find((x) => x.id === id);
            if (t) setAnswer(t.body);
          }}
        />
        <label htmlFor="qa-answer-text">
          答复内容{q.isPublic ? '（提问人选择公开，答复后在互动交流页展示）' : '（不公开，仅提问人可见）'}
        </label>
        <Input.TextArea
          id="qa-answer-text"
          rows={6}
          maxLength={5000}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
        />
        <div>
          <Button type="primary" loading={busy} onClick={() => void send()}>
            提交答复
          </Button>
        </div>
      </section>
      <section className="qa-admin-form" aria-labelledby="qa-forward-h">
        <h3 id="qa-forward-h">转办</h3>
        <label htmlFor="qa-forward-unit">转办单位</label>
        <Input id="qa-forward-unit" maxLength={100} value={unit} onChange={(e) => setUnit(e.target.value)} />
        <label htmlFor="qa-forward-note">转办说明（选填，提问人可见）</label>
        <Input.TextArea id="qa-forward-note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        <div>
          <Button loading={busy} onClick={() => void forward()}>
            转办
          </Button>
        </div>
      </section>
    </>
  );
}
