import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { BATCH_CHECK_MAX, BATCH_CHECK_TOO_MANY } from '@zs/shared/standards';
import { toast } from '../../../lib/feedback.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { addProductStandards, uploadProductStandards } from '../api/productStandards.ts';

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const added = (d: { added: number; matched: number }) =>
  d.added === 0 ? '这些标准号已在清单中' : `已添加 ${d.added} 条，其中 ${d.matched} 条匹配到标准`;

/**
 * Adding lines: one typed, many pasted (one a line), or a TXT/CSV/XLSX list as the batch check reads it.
 * The buttons are disabled while a request runs rather than given antd's loading spinner: the field empties as the
 * request ends, and a spinner leaving a button that turns disabled at that moment was seen never to finish its
 * collapse (its leave class stayed, and the page never settled).
 */
export function AddLines({ onAdded }: { onAdded: () => void }) {
  const { busy, submit } = useSubmit();
  const [productName, setProductName] = useState('');
  const [one, setOne] = useState('');
  const [many, setMany] = useState('');
  const product = productName.trim() || undefined;

  const addOne = async (e: FormEvent) => {
    e.preventDefault();
    if (await submit(() => addProductStandards([one.trim()], product), { success: added })) {
      setOne('');
      onAdded();
    }
  };
  const addMany = async (e: FormEvent) => {
    e.preventDefault();
    const lines = linesOf(many);
    if (!lines.length) return toast.error('请粘贴至少一个标准号');
    if (lines.length > BATCH_CHECK_MAX) return toast.error(BATCH_CHECK_TOO_MANY);
    if (await submit(() => addProductStandards(lines, product), { success: added })) {
      setMany('');
      onAdded();
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 2 * 1024 * 1024) return toast.error('文件不能超过2MB');
    if (await submit(() => uploadProductStandards(file, product), { success: added })) onAdded();
  };

  return (
    <div className="uc-form" data-testid="product-standards-add">
      <p>
        <label>
          产品名称（选填） <input value={productName} onChange={(e) => setProductName(e.target.value)} maxLength={100} />
        </label>
      </p>
      <form onSubmit={(e) => void addOne(e)} aria-label="添加一个标准号">
        <label>
          标准号 <input value={one} onChange={(e) => setOne(e.target.value)} placeholder="如 GB/T 1234-2020" maxLength={200} />
        </label>{' '}
        <Button htmlType="submit" type="primary" disabled={busy || !one.trim()}>
          添加
        </Button>
      </form>
      <form onSubmit={(e) => void addMany(e)} aria-label="粘贴多个标准号">
        <label htmlFor="ps-paste">粘贴多个标准号（每行一个，最多{BATCH_CHECK_MAX}个）</label>
        <textarea id="ps-paste" rows={4} value={many} onChange={(e) => setMany(e.target.value)} />
        <Button htmlType="submit" disabled={busy || !many.trim()}>
          批量添加
        </Button>{' '}
        <label className="btn">
          上传 TXT / CSV / XLSX
          <input
            type="file"
            accept=".txt,.csv,.xlsx,text/plain,text/csv"
            hidden
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </form>
    </div>
  );
}
