import { useState } from 'react';
import type { ConsoleHomeBlock, HomeBlockItem } from '@zs/shared/api/console-layout';
import { contentApi } from '../api/content.ts';
import { layoutApi } from '../api/layout.ts';
import { toast } from '../../../lib/feedback.ts';

/** The pinned items of one home block as edited (pin, move, unpin, undo) and saved; `options` are what the picker offers. */
export function useHomeBlockPins(block: ConsoleHomeBlock) {
  const [saved, setSaved] = useState(block);
  const [pinned, setPinned] = useState(block.pinned);
  const [options, setOptions] = useState<HomeBlockItem[]>(block.latest);
  const [busy, setBusy] = useState(false);
  const dirty = pinned.map((p) => p.id).join() !== saved.pinned.map((p) => p.id).join();

  const search = async (keyword: string) => {
    const r = await contentApi.list(block.key, { keyword, status: 'published', sortBy: 'publishedAt', page: 1, size: 20 });
    if (r.code === 0)
      setOptions(
        r.data.list.map((i) => ({ id: i.id, title: i.title, status: i.status, publishedAt: i.publishedAt, demo: i.demo })),
      );
  };
  const pin = (id: number) => {
    const item = options.find((o) => o.id === id);
    if (item && !pinned.some((p) => p.id === id)) setPinned([...pinned, item]);
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...pinned];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setPinned(next);
  };
  const unpin = (id: number) => setPinned(pinned.filter((x) => x.id !== id));
  const undo = () => setPinned(saved.pinned);
  const save = async () => {
    setBusy(true);
    const r = await layoutApi
      .savePins(
        block.key,
        pinned.map((p) => p.id),
      )
      .catch(() => null);
    setBusy(false);
    if (!r || r.code !== 0) return toast.error(r?.msg || '保存失败');
    setSaved(r.data);
    setPinned(r.data.pinned);
    toast.success(`“${block.title}”置顶已保存，前台刷新首页即可看到`);
  };

  return { saved, pinned, options, busy, dirty, search, pin, move, unpin, undo, save };
}
