import { useState } from 'react';
import { Button, Select } from 'antd';
import { Link } from 'react-router';
import type { RelationsBody } from '@zs/shared/api/admin-standards';
import { saveRelations, searchStandards, type StandardDetail } from '../api/standards.ts';
import { toast } from '../../../lib/feedback.ts';

type Kind = RelationsBody['relations'][number]['kind'];
const KINDS: { value: Kind; label: string }[] = [
  { value: 'replaces', label: '代替' },
  { value: 'partially_replaces', label: '部分代替' },
];

/** Both directions of the record's relations; this record's own "replaces" links are edited by picking records. */
export function RelationsPanel({ detail, onChanged }: { detail: StandardDetail; onChanged: (d: StandardDetail) => void }) {
  const [kind, setKind] = useState<Kind>('replaces');
  const [target, setTarget] = useState<number | null>(null);
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const own = detail.relations.filter(
    (r) => r.direction === 'forward' && r.id !== null && (r.kind === 'replaces' || r.kind === 'partially_replaces'),
  );

  const search = async (keyword: string) => {
    if (!keyword.trim()) return;
    const res = await searchStandards({ keyword, page: 1, size: 10 }).catch(() => null);
    if (res?.code === 0)
      setOptions(
        res.data.list.filter((s) => s.id !== detail.id).map((s) => ({ value: s.id, label: `${s.standardNo} ${s.nameZh}` })),
      );
  };
  const save = async (relations: RelationsBody['relations']) => {
    const res = await saveRelations(detail.id, { relations }).catch(() => null);
    if (!res || res.code !== 0) return toast.error(res?.msg || '保存失败');
    toast.success('关联已保存');
    onChanged(res.data);
  };
  const current = own.map((r) => ({ kind: r.kind as Kind, targetId: r.id! }));

  return (
    <section className="admin-panel" aria-label="关联标准">
      <h2>关联标准</h2>
      <ul>
        {detail.relations.map((r, i) => (
          <li key={i}>
            {r.label}：{r.id ? <Link to={`/admin/standards/edit?id=${r.id}`}>{r.standardNo}</Link> : r.standardNo}
            {r.direction === 'forward' && r.id !== null && (r.kind === 'replaces' || r.kind === 'partially_replaces') && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => void save(current.filter((c) => !(c.kind === r.kind && c.targetId === r.id)))}
              >
                移除
              </Button>
            )}
          </li>
        ))}
        {detail.relations.length === 0 && <li>暂无关联</li>}
      </ul>
      <div className="admin-filters">
        <Select aria-label="关系类型" value={kind} onChange={setKind} options={KINDS} style={{ width: 120 }} />
        <Select
          aria-label="选择关联标准"
          showSearch={{ filterOption: false, onSearch: (v) => void search(v) }}
          placeholder="输入编号或名称检索"
          style={{ width: 360 }}
          value={target ?? undefined}
          onChange={setTarget}
          options={options}
        />
        <Button disabled={!target} onClick={() => target && void save([...current, { kind, targetId: target }])}>
          添加关联
        </Button>
      </div>
    </section>
  );
}
