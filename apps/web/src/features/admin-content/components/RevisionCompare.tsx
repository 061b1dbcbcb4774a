import { Button, Modal, Tabs } from 'antd';
import type { ContentRevisionDetail, RevisionText } from '@zs/shared/api/content';
import { SafeHtml } from '../../../components/content/SafeHtml.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { diffLines } from './lineDiff.ts';
import '../../../components/content/content.css';

const FIELDS: Array<[keyof RevisionText, string, (v: string | null) => string]> = [
  ['title', '标题', (v) => v ?? ''],
  ['summary', '摘要', (v) => v ?? ''],
  ['source', '来源', (v) => v ?? ''],
  ['sourceUrl', '来源链接', (v) => v ?? ''],
  ['publishedAt', '发布日期', (v) => (v ? formatDate(v) : '')],
];

/** The text fields side by side, changed rows marked, and the body line by line (what 恢复 would change). */
function Comparison({ detail }: { detail: ContentRevisionDetail }) {
  const lines = diffLines(
    detail.current.bodyText.split('\n').filter(Boolean),
    detail.revision.bodyText.split('\n').filter(Boolean),
  );
  const changedBody = lines.some((l) => l.op !== 'same');
  return (
    <div className="revision-compare">
      <table className="revision-fields">
        <caption>字段对比</caption>
        <thead>
          <tr>
            <th scope="col">字段</th>
            <th scope="col">此版本</th>
            <th scope="col">当前版本</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map(([key, label, show]) => {
            const a = show(detail.revision[key]);
            const b = show(detail.current[key]);
            return (
              <tr key={key} className={a !== b ? 'is-changed' : undefined} data-testid={`revision-field-${key}`}>
                <th scope="row">
                  {label}
                  {a !== b && <span className="revision-changed">有改动</span>}
                </th>
                <td>{a || '（空）'}</td>
                <td>{b || '（空）'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h3 className="revision-body-title">正文{changedBody ? '' : '（与当前版本相同）'}</h3>
      <p className="revision-legend">
        <del>删除线</del>：仅当前版本有，恢复后去掉；<ins>下划线</ins>：仅此版本有，恢复后加入。
      </p>
      <ol className="revision-body" data-testid="revision-body-diff">
        {lines.map((l, i) =>
          l.op === 'same' ? (
            <li key={i}>{l.text}</li>
          ) : l.op === 'del' ? (
            <li key={i} className="is-del">
              <del>{l.text}</del>
            </li>
          ) : (
            <li key={i} className="is-add">
              <ins>{l.text}</ins>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}

/** One revision, previewed as visitors would read it and compared with the current content, before 恢复. */
export function RevisionCompare({
  detail,
  onClose,
  onRestore,
  restoring,
}: {
  detail: ContentRevisionDetail;
  onClose: () => void;
  onRestore: () => void;
  restoring: boolean;
}) {
  return (
    <Modal
      open
      width={880}
      title={`历史版本：${formatDateTime(detail.createdAt)} · ${detail.actorName ?? '系统'}`}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="restore" type="primary" loading={restoring} onClick={onRestore}>
          恢复此版本
        </Button>,
      ]}
    >
      <Tabs
        items={[
          { key: 'compare', label: '与当前版本对比', children: <Comparison detail={detail} /> },
          {
            key: 'preview',
            label: '预览此版本',
            children: (
              <article className="portal-detail detail-article revision-preview">
                <h2 className="detail-title">{detail.revision.title}</h2>
                {detail.revision.bodyHtml ? (
                  <SafeHtml html={detail.revision.bodyHtml} />
                ) : (
                  <p className="rich-text">{detail.revision.summary ?? '（无正文）'}</p>
                )}
              </article>
            ),
          },
        ]}
      />
    </Modal>
  );
}
