import type { SiteHealth } from '@zs/shared/api/admin-dashboard';

/** Published content containing a listed word, and content without a publish date. */
export function WordHits({ hits, noPublishDate }: { hits: SiteHealth['wordHits']; noPublishDate: SiteHealth['noPublishDate'] }) {
  return (
    <section className="admin-panel" aria-label="错敏词">
      <h2>错敏词与易错词（词表在“站点设置”中维护）</h2>
      <ul>
        {hits.map((w, i) => (
          <li key={i} className="admin-level-red">
            {w.section}「{w.title}」含“{w.word}”：{w.hint}
          </li>
        ))}
        {hits.length === 0 && <li className="admin-level-green">已发布内容中未发现词表中的词</li>}
      </ul>
      {noPublishDate.length > 0 && (
        <p className="admin-level-red">缺少发布日期的内容：{noPublishDate.map((n) => n.title).join('、')}</p>
      )}
    </section>
  );
}
