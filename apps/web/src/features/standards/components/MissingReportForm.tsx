import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/Field.tsx';
import { useCheckedForm } from '../../../components/form/useCheckedForm.ts';
import { Notice } from './views.ts';
import '../../../components/form/form.css';
import { standardsApi } from '../api/standards.ts';
import { MissingReportForm as ReportSchema } from '@zs/shared/api/missing-reports';
import { checksOf } from '../../../lib/schemaChecks.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

type Name = 'standardNo' | 'title' | 'seenAt' | 'contact';

// The shared report schema's own rules and messages: the server refuses the same input with the same words.
const CHECKS = checksOf(ReportSchema, ['standardNo', 'title', 'seenAt', 'contact']);
const EMPTY: Record<Name, string> = { standardNo: '', title: '', seenAt: '', contact: '' };

/**
 * "Report a missing standard" (docs/product.md §7): sent form-urlencoded, open to visitors, rate-limited
 * and queued for operators by the server.
 */
export function MissingReportForm({ region }: { region: 'zhongshan' | 'shenzhen' }) {
  const [round, setRound] = useState(0);
  return <ReportForm key={round} region={region} onDone={() => setRound((r) => r + 1)} />;
}

function ReportForm({ region, onDone }: { region: 'zhongshan' | 'shenzhen'; onDone: () => void }) {
  const { values, errors, field, validateAll } = useCheckedForm(CHECKS, EMPTY);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (validateAll()) return;
    setBusy(true);
    setResult(null);
    try {
      const res = await standardsApi.reportMissing({ ...values, region });
      setResult({ ok: res.code === 0, text: res.msg });
      if (res.code === 0) setTimeout(onDone, 3000);
    } catch {
      setResult({ ok: false, text: '提交失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="missing-report" className="std-report" data-testid="std-report">
      <h2>没有找到需要的标准？告诉我们</h2>
      <p className="std-muted">填写标准号和名称，平台运营人员核实后补充到标准库。</p>
      <form onSubmit={submit} noValidate>
        <div className="std-report-grid">
          <Field name="standardNo" label="标准号" error={errors.standardNo}>
            <input className="std-input" placeholder="如 DB4420/T 1-2020" maxLength={60} {...field('standardNo')} />
          </Field>
          <Field name="title" label="标准名称" error={errors.title}>
            <input className="std-input" maxLength={200} {...field('title')} />
          </Field>
          <Field name="seenAt" label="在何处看到该标准" error={errors.seenAt}>
            <input className="std-input" placeholder="网址、文件名或发布单位" maxLength={200} {...field('seenAt')} />
          </Field>
          <Field name="contact" label="联系方式（选填）" error={errors.contact}>
            <input className="std-input" placeholder="手机号或邮箱，便于回复" maxLength={100} {...field('contact')} />
          </Field>
        </div>
        {result && <Notice type={result.ok ? 'success' : 'error'}>{result.text}</Notice>}
        <SubmitButton busy={busy}>提交反馈</SubmitButton>
      </form>
    </section>
  );
}
