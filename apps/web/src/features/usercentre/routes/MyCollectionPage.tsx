import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { Chips } from '../components/ui.tsx';
import { Pager } from '../../../components/content/Pager.tsx';
import { listCollections, setCollected } from '../api/usercentre.ts';
import type { CollectionEntry } from '@zs/shared/api/user';
import { downloadFile } from '../../../lib/download.ts';
import { CollectionRow } from '../collection/CollectionRow.tsx';
import { COLLECTION_TABS } from '../collection/itemTypes.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { accepted } from '../../../lib/accepted.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';
import { EmptyView, ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';

const EXPORT_NAME = '我的收藏标准.xlsx';

/** /my-collection: collected items by type; standards can be exported to Excel. */
export default function MyCollectionPage() {
  const [itemType, setItemType] = useState('standard');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const remote = useRemote(`${itemType}:${page}`, () => listCollections({ itemType, page }));

  const remove = (e: CollectionEntry) =>
    void confirmAction({
      title: '确定取消收藏吗？',
      onOk: async () => {
        const res = await accepted(setCollected(e.itemType, e.itemId, false));
        if (!res) return;
        toast.success('已取消收藏');
        if (remote.data?.list.length === 1 && page > 1) setPage(page - 1);
        else remote.reload();
      },
    });

  const exportExcel = async () => {
    setExporting(true);
    const r = await downloadFile('/user/collections/export', EXPORT_NAME, { keepName: true });
    setExporting(false);
    if (!r.ok) toast.error(r.message);
  };

  const data = remote.data;
  return (
    <UserCentreLayout
      title="我的收藏"
      actions={
        itemType === 'standard' && (
          <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} loading={exporting}>
            导出Excel
          </Button>
        )
      }
    >
      <Chips
        label="收藏类型"
        value={itemType}
        onChange={(k) => {
          setItemType(k);
          setPage(1);
        }}
        options={COLLECTION_TABS.map((t) => ({ value: t.key, label: t.label }))}
      />
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !data ? (
        <LoadingView />
      ) : data.list.length === 0 ? (
        <EmptyView text="暂无收藏" />
      ) : (
        <>
          <ul className="uc-list" aria-label="收藏列表">
            {data.list.map((e) => (
              <CollectionRow key={e.id} entry={e} onRemove={remove} />
            ))}
          </ul>
          <Pager page={data.page} pageSize={data.size} total={data.total} onChange={setPage} />
        </>
      )}
    </UserCentreLayout>
  );
}
