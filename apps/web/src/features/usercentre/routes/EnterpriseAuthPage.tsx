import { useState } from 'react';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { fetchCertification } from '../api/usercentre.ts';
import { refreshUserInfo } from '../../../lib/userInfo.ts';
import { CertificationForm } from '../certification/CertificationForm.tsx';
import { CertificationStatus } from '../certification/CertificationStatus.tsx';
import { useRemote } from '../../../lib/useRemote.ts';
import { ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';

/** /enterprise-auth: the certification state, or the form when there is none (or after 重新提交). */
export default function EnterpriseAuthPage() {
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const remote = useRemote(`cert:${version}`, fetchCertification);
  const answer = remote.data;
  const showForm = answer && (answer.status === 'none' || (editing && answer.canSubmit));

  return (
    <UserCentreLayout title="企业认证">
      <p className="uc-hint">完成企业认证后可在线阅读标准全文的全部页面，并下载标准全文与培训资料（带企业名称水印）。</p>
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !answer ? (
        <LoadingView />
      ) : showForm ? (
        <CertificationForm
          previous={answer.certification}
          onDone={() => {
            setEditing(false);
            setVersion((v) => v + 1);
            void refreshUserInfo();
          }}
        />
      ) : (
        <CertificationStatus answer={answer} onResubmit={() => setEditing(true)} />
      )}
    </UserCentreLayout>
  );
}
