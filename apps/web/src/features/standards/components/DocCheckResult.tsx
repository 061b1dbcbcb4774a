import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { DocCheckResultT, DocCitationT } from '@zs/shared/api/document-check';
import { DOC_VERDICT_LABELS, DOC_VERDICTS, type DocVerdict } from '@zs/shared/document-check';
import { saveBlob } from '../../../lib/download.ts';
import { docCheckApi } from '../api/document-check.ts';
import { DocText } from './DocText.tsx';

type Filter = DocVerdict | 'all' | 'titleMismatch';

const DOCX_PARTS = new Set(['正文', '表格', '页眉', '页脚', '脚注', '尾注']);
/** 第3页 / 表格 第12段 / 清单一 第4行 (an XLSX citation's paragraph is its row), and whether OCR read it. */
const placeOf = (c: DocCitationT) => {
  const unit = c.part && !DOCX_PARTS.has(c.part) ? '行' : '段';
  const at = [c.page ? `第${c.page}页` : null, c.part, c.paragraph ? `第${c.paragraph}${unit}` : null];
  return at.filter(Boolean).join(' ') + (c.ocr ? '（OCR）' : '');
};

/** The summary, the two downloads, the filters, the citations in document order and the text they stand in. */
export function DocCheckResult({
  result,
  detailPath,
  onError,
}: {
  result: DocCheckResultT;
  detailPath: string;
  onError: (msg: string) => void;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const [active, setActive] = useState<number | null>(null);
  const shown = useMemo(
    () =>
      result.citations.filter((c) => filter === 'all' || (filter === 'titleMismatch' ? c.titleMismatch : c.verdict === filter)),
    [result, filter],
  );
  const s = result.summary;
  const download = async (kind: 'xlsx' | 'docx') => {
    try {
      saveBlob(await docCheckApi.download(kind, result), kind === 'xlsx' ? '文档核查结果.xlsx' : '编制依据.docx');
    } catch {
      onError('下载失败，请稍后重试');
    }
  };
  const d = result.document;
  return (
    <section className="doc-result" aria-label="核查结果">
      <p className="std-total" role="status" data-testid="doc-summary">
        {d.name ? `《${d.name}》` : '粘贴的文本'}
        {d.pages ? `，共 ${d.pages} 页` : ''}：引用 {s.cited} 处，现行 {s.current}，即将实施 {s.upcoming}，被代替 {s.superseded}
        ，废止 {s.abolished}，年份缺失 {s.yearMissing}，未收录 {s.notFound}
        {s.titleMismatch ? `，名称不符 ${s.titleMismatch}` : ''}
      </p>
      {d.ocrPages.length > 0 && (
        <p className="doc-note">第 {d.ocrPages.join('、')} 页为扫描页，文字经 OCR 识别，请对照原文核实。</p>
      )}
      {d.notes.map((n) => (
        <p key={n} className="doc-note">
          {n}
        </p>
      ))}
      {result.citations.length > 0 && (
        <div className="std-batch-actions">
          <button type="button" className="btn" onClick={() => void download('xlsx')} data-testid="doc-download-xlsx">
            下载核查清单（Excel）
          </button>
          <button type="button" className="btn" onClick={() => void download('docx')} data-testid="doc-download-docx">
            下载编制依据表（Word）
          </button>
        </div>
      )}
      <div className="doc-filters" role="group" aria-label="按结论筛选">
        {(['all', ...DOC_VERDICTS, 'titleMismatch'] as Filter[]).map((f) => {
          const n = f === 'all' ? s.cited : s[f];
          if (f !== 'all' && !n) return null;
          return (
            <button
              key={f}
              type="button"
              className={filter === f ? 'doc-filter doc-filter-on' : 'doc-filter'}
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
            >
              {f === 'all' ? '全部' : f === 'titleMismatch' ? '名称不符' : DOC_VERDICT_LABELS[f]} {n}
            </button>
          );
        })}
      </div>
      <div className="std-batch-scroll">
        <table className="std-batch-table" data-testid="doc-table">
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">位置</th>
              <th scope="col">原文</th>
              <th scope="col">结论</th>
              <th scope="col">匹配标准</th>
              <th scope="col">说明</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((c) => (
              <tr key={c.index} data-verdict={c.verdict} onClick={() => setActive(c.index)}>
                <td>{c.index}</td>
                <td>{placeOf(c)}</td>
                <td>
                  <button type="button" className="doc-jump" onClick={() => setActive(c.index)} title={c.context}>
                    {c.text}
                  </button>
                </td>
                <td>
                  <span className={`doc-verdict doc-verdict-${c.verdict}`}>{DOC_VERDICT_LABELS[c.verdict]}</span>
                  {c.titleMismatch && <span className="doc-verdict doc-verdict-notFound">名称不符</span>}
                </td>
                <td>
                  {c.recordId ? (
                    <Link to={`${detailPath}?id=${c.recordId}`}>
                      <b>{c.standardNo}</b> {c.nameZh}
                    </Link>
                  ) : (
                    c.nearest.map((n, i) => (
                      <span key={n.id}>
                        {i === 0 ? '相近：' : '、'}
                        <Link to={`${detailPath}?id=${n.id}`}>{n.standardNo}</Link>
                      </span>
                    ))
                  )}
                </td>
                <td>
                  {c.note}
                  {(c.replacedBy ?? c.inForce) && (
                    <>
                      {' '}
                      <Link to={`${detailPath}?id=${(c.replacedBy ?? c.inForce)!.id}`}>查看现行版本</Link>
                    </>
                  )}
                  {c.verdict === 'notFound' && c.cited && (
                    <>
                      {' '}
                      <Link to={`/standard-search?keyword=${encodeURIComponent(c.cited)}`}>检索/反馈缺失</Link>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DocText text={d.text} citations={result.citations} active={active} />
    </section>
  );
}
