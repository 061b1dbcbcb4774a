import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { Chips } from '../components/ui.tsx';
import { MessageList } from '../messages/MessageList.tsx';
import { listMessages, readAllMessages } from '../api/usercentre.ts';
import { refreshUserInfo } from '../../../lib/userInfo.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';
import { useSubmit } from '../../../lib/useSubmit.ts';

/** /my-message: the user's messages with unread markers; 全部已读 clears the bell dot. */
export default function MyMessagePage() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const { busy, submit } = useSubmit();
  const remote = useRemote(`${filter}:${page}`, () => listMessages({ page, unread: filter === 'unread' }));
  const unread = remote.data?.unread ?? 0;

  // The header's count may be older than this list: bring it in line.
  useEffect(() => {
    void refreshUserInfo();
  }, []);

  const readAll = async () => {
    if (!(await submit(readAllMessages, { success: '已全部标记为已读' }))) return;
    remote.reload();
    await refreshUserInfo();
  };

  return (
    <UserCentreLayout
      title="我的消息"
      actions={
        <Button onClick={() => void readAll()} loading={busy} disabled={unread === 0}>
          全部已读
        </Button>
      }
    >
      <Chips
        label="消息筛选"
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
        options={[
          { label: '全部', value: 'all' },
          { label: `未读${unread ? `（${unread}）` : ''}`, value: 'unread' },
        ]}
      />
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !remote.data ? (
        <LoadingView />
      ) : (
        <MessageList data={remote.data} onPage={setPage} />
      )}
    </UserCentreLayout>
  );
}
