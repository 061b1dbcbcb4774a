import { useParams } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { SafeHtml } from '../../../components/content/SafeHtml.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { contentApi } from '../api/content.ts';
import { consoleSection } from '../components/sections.ts';
import '../../../components/content/content.css';

/** 预览: the item rendered with the public detail's markup and styles, whatever its state. */
export default function ContentPreviewPage() {
  const { section, id } = useParams();
  const config = consoleSection(section);
  const itemId = id && /^\d+$/.test(id) ? Number(id) : null;
  const staff = useSession((s) => s.userInfo?.role === 'operator' || s.userInfo?.role === 'admin');
  const remote = useRemote(staff && config && itemId ? `preview:${config.name}/${itemId}` : null, () =>
    contentApi.preview(config!.name, itemId!),
  );
  const item = remote.data;
  return (
    <AdminShell title="预览（访客看到的样子）">
      <p className="content-preview-note">这是预览页面，内容发布前访客看不到。</p>
      {remote.error && (
        <p role="alert" className="admin-empty">
          {remote.error}
        </p>
      )}
      {item && (
        <main className="page-container portal-page portal-detail content-preview">
          <article className="detail-article">
            <header className="detail-header">
              <h1 className="detail-title">{item.title}</h1>
              <p className="detail-meta">
                {item.categoryName && <span>栏目：{item.categoryName}</span>}
                {item.source && <span>来源：{item.source}</span>}
                <span>发布日期：{formatDate(item.publishedAt)}</span>
              </p>
            </header>
            {item.bodyHtml ? <SafeHtml html={item.bodyHtml} /> : item.summary && <p className="rich-text">{item.summary}</p>}
          </article>
        </main>
      )}
    </AdminShell>
  );
}
