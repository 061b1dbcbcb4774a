import { downloadFile } from '../../lib/download.ts';
import { toast } from '../../lib/feedback.ts';
import { portalApi } from './api.ts';
import type { ItemDetail } from './types.ts';

interface Attachment {
  name: string;
  fileId?: number;
  url?: string;
}

function attachmentsOf(item: ItemDetail): Attachment[] {
  const raw = item.attrs.attachments;
  if (!Array.isArray(raw)) return [];
  return raw.filter((a): a is Attachment => typeof a === 'object' && a !== null && typeof (a as Attachment).name === 'string');
}

/** Files stored with the item download through the API; external attachments open the source site. */
export function Attachments({ item, slug }: { item: ItemDetail; slug: string }) {
  const list = attachmentsOf(item);
  if (list.length === 0) return null;
  return (
    <section className="detail-attachments" aria-label="附件">
      <h2 className="detail-subtitle">附件</h2>
      <ul>
        {list.map((a) => (
          <li key={`${a.fileId ?? a.url}-${a.name}`}>
            {a.fileId !== undefined ? (
              <button
                type="button"
                className="link-button"
                onClick={async () => {
                  const res = await downloadFile(portalApi.fileUrl(slug, item.id, a.fileId!), a.name);
                  if (!res.ok) toast.error(res.message);
                }}
              >
                {a.name}
              </button>
            ) : (
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                {a.name}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
