import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ContentItem } from '@zs/shared/api/content';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { useSession } from '../../../lib/session.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { contentApi } from '../api/content.ts';
import { ContentEditor } from '../components/ContentEditor.tsx';
import { ContentNav } from '../components/ContentNav.tsx';
import { consoleSection } from '../components/sections.ts';

/** /admin/content/<section>/new and /admin/content/<section>/<id>. */
export default function ContentEditorPage() {
  const { section, id } = useParams();
  const config = consoleSection(section);
  const itemId = id && /^\d+$/.test(id) ? Number(id) : null;
  const staff = useSession((s) => s.userInfo?.role === 'operator' || s.userInfo?.role === 'admin');
  const remote = useRemote(staff && config && itemId ? `${config.name}/${itemId}` : null, () =>
    contentApi.item(config!.name, itemId!),
  );
  // What the last save answered wins over the (older) loaded copy of the same item.
  const [saved, setItem] = useState<ContentItem | undefined>();
  const item = saved && saved.id === itemId ? saved : remote.data;

  // /new has no :id parameter.
  const isNew = id === undefined;
  const title = config ? `${config.label} · ${isNew ? `新建${config.noun}` : '编辑'}` : '内容管理';
  let body;
  if (!config) body = <p className="admin-empty">栏目不存在</p>;
  else if (!isNew && itemId === null) body = <p className="admin-empty">内容不存在</p>;
  else if (remote.error)
    body = (
      <p role="alert" className="admin-empty">
        {remote.error}
      </p>
    );
  else if (!isNew && !item) body = <p className="admin-empty">加载中…</p>;
  else
    body = (
      // Remount on every saved state so the form starts from what the server stored.
      <ContentEditor
        key={item ? `${item.id}:${item.updatedAt}:${item.status}` : 'new'}
        config={config}
        item={isNew ? undefined : item}
        onSaved={setItem}
      />
    );
  return (
    <AdminShell title={title}>
      <ContentNav />
      {config && (
        <p className="content-back">
          <Link to={`/admin/content/${config.name}`}>← 返回{config.label}列表</Link>
        </p>
      )}
      {body}
    </AdminShell>
  );
}
