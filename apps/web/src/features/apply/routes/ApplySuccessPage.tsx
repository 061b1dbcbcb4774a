import { Link, useSearchParams } from 'react-router';

const STEPS = [
  { title: '受理', text: '工作人员核对材料，材料不全的将通知补正' },
  { title: '审核', text: '按香山之品品牌标准审核产品' },
  { title: '结果通知', text: '审核结果通过站内消息通知，可在“我的申请”查看' },
];

/** After a successful application: the reference number and what happens next. */
export default function ApplySuccessPage() {
  const [params] = useSearchParams();
  const ref = params.get('ref') ?? '';
  const valid = /^[A-Z]{2}\d{4}-\d{6}$/.test(ref);
  return (
    <div className="page-container portal-page apply-success">
      <div className="success-mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="page-title">申请已提交</h1>
      <p>
        {valid ? (
          <>
            申请编号：<strong data-testid="reference-no">{ref}</strong>，请妥善保存以便查询。
          </>
        ) : (
          '您的申请已提交，可在“我的申请”中查看申请编号和进度。'
        )}
      </p>
      <section className="apply-next" aria-label="后续流程">
        <h2 className="detail-subtitle">后续流程</h2>
        <ol className="process-steps">
          {STEPS.map((s, i) => (
            <li key={s.title}>
              <span className="process-step-no">{i + 1}</span>
              <span>
                <strong>{s.title}</strong>
                <br />
                <small>{s.text}</small>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <p className="detail-cta apply-success-actions">
        <Link to="/my-apply" className="button-primary">
          查看我的申请
        </Link>
        <Link to="/standard-xiangshan">返回香山之品</Link>
      </p>
    </div>
  );
}
