import { useEffect, useState } from 'react';
import { Button, Input } from 'antd';
import { bannedWords, demoCounts, removeDemo, saveBannedWords } from '../api/ops.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';

const toText = (w: { word: string; hint: string }[]) => w.map((x) => (x.hint ? `${x.word}=${x.hint}` : x.word)).join('\n');
const fromText = (t: string) =>
  t
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [word, ...hint] = l.split('=');
      return { word: word!.trim(), hint: hint.join('=').trim() };
    });

/** The editable banned/mistyped words list of the inspection page, and removing all 示例 content. */
export function WordsAndDemoPanel() {
  const [words, setWords] = useState('');
  const [demo, setDemo] = useState<{ items: number; contacts: number; fulltexts: number } | null>(null);
  useEffect(() => {
    void bannedWords().then((r) => r.code === 0 && setWords(toText(r.data.words)));
    void demoCounts().then((r) => r.code === 0 && setDemo(r.data));
  }, []);
  const save = async () => {
    const r = await saveBannedWords(fromText(words)).catch(() => null);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    toast.success('词表已保存');
  };
  const remove = () =>
    void confirmAction({
      title: '确定删除全部示例内容吗？',
      content: '将删除所有标注为“示例”的栏目内容、页脚示例联系人和示例全文；真实数据不受影响，删除后不可恢复。',
      onOk: async () => {
        const r = await removeDemo().catch(() => null);
        if (!r || r.code !== 0) return toast.error(r?.msg || '删除失败');
        toast.success(`已删除示例内容 ${r.data.items} 条、示例联系人 ${r.data.contacts} 位、示例全文 ${r.data.fulltexts} 份`);
        setDemo({ items: 0, contacts: 0, fulltexts: 0 });
      },
    });
  return (
    <>
      <section className="admin-panel" aria-label="错敏词表">
        <h2>错敏词 / 易错词表（每行一条：错误写法=提示）</h2>
        <Input.TextArea
          aria-label="错敏词表"
          value={words}
          onChange={(e) => setWords(e.target.value)}
          autoSize={{ minRows: 4, maxRows: 12 }}
        />
        <Button style={{ marginTop: 8 }} onClick={() => void save()}>
          保存词表
        </Button>
      </section>
      <section className="admin-panel" aria-label="示例内容">
        <h2>示例内容</h2>
        <p>
          {demo
            ? `站内仍有示例栏目内容 ${demo.items} 条、示例联系人 ${demo.contacts} 位、示例全文 ${demo.fulltexts} 份。`
            : '加载中…'}
        </p>
        <Button danger disabled={!demo || demo.items + demo.contacts + demo.fulltexts === 0} onClick={remove}>
          一键删除全部示例内容
        </Button>
      </section>
    </>
  );
}
