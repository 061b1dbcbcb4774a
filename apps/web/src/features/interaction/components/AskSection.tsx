import { Link } from 'react-router';
import { useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { AskForm } from './AskForm.tsx';

/** 我要咨询: the form for signed-in users; a visitor is asked to log in first. */
export function AskSection() {
  const token = useSession((s) => s.accessToken);
  const openDialog = useSession((s) => s.openDialog);
  const [sent, setSent] = useState(false);
  return (
    <section className="ask-section" aria-labelledby="ask-heading">
      <h2 id="ask-heading">我要咨询</h2>
      <p className="ask-hint">标准化主管部门一般在 5 个工作日内答复（节假日顺延）。请勿填写身份证号等个人敏感信息。</p>
      {token ? (
        <>
          {sent && (
            <p role="status" className="ask-sent">
              咨询已提交，可在 <Link to="/my-question">我的咨询</Link> 查看办理状态和答复。
            </p>
          )}
          <AskForm onSent={() => setSent(true)} />
        </>
      ) : (
        <p>
          <button type="button" className="btn btn-primary" onClick={() => openDialog('login', undefined, '登录后可提交咨询')}>
            登录后咨询
          </button>
        </p>
      )}
    </section>
  );
}
