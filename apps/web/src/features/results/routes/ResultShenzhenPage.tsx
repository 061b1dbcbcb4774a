import { ItemRow, SectionListPage, str, type ItemSummary } from '../../../components/content/index.ts';
import { resultShenzhenConfig } from '../lib/config.ts';

/** Items of one page grouped by their batch, in the order the batches first appear. */
function byBatch(items: ItemSummary[]): [string, ItemSummary[]][] {
  const groups = new Map<string, ItemSummary[]>();
  for (const item of items) {
    const batch = str(item.attrs.batch) || '未分批次';
    groups.set(batch, [...(groups.get(batch) ?? []), item]);
  }
  return [...groups];
}

export default function ResultShenzhenPage() {
  return (
    <SectionListPage
      config={resultShenzhenConfig}
      intro={<p className="portal-intro">“深圳标准”认证是对企业标准、团体标准先进性的认证。以下按认证批次列出获证结果。</p>}
      renderItems={(items) =>
        byBatch(items).map(([batch, list]) => (
          <section key={batch} className="result-batch" aria-label={batch}>
            <h2 className="result-batch-title">{batch}</h2>
            <ul className="item-list">
              {list.map((item) => (
                <ItemRow key={item.id} item={item} config={resultShenzhenConfig} level={3} />
              ))}
            </ul>
          </section>
        ))
      }
    />
  );
}
