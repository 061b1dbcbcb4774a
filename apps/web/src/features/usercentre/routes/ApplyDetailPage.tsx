import { useState } from 'react';
import { Button } from 'antd';
import { Tag } from '../components/ui.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { fileSize, formatDateTime } from '../../../lib/dates.ts';
import { fetchApplication, withdrawApplication } from '../api/usercentre.ts';
import { downloadFile } from '../../../lib/download.ts';
import { ApplicationTimeline } from '../apply/ApplicationTimeline.tsx';
import { FormFields } from '../apply/FormFields.tsx';
import { APPLICATION_STATUS_COLORS } from '../../../lib/requestStatus.ts';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/feedback.ts';
import { confirmAction } from '../../../lib/confirmAction.ts';
import { ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';

/** /geographical-detail?id=: one application with its timeline and attachments; withdraw before review. */
/** Full-width space between meta items. */
const SP = '\u3000';

export default function ApplyDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  // Not in the guard list (docs/product.md §6.2): without a token the page asks for a login instead of calling.
  const token = useSession((s) => s.accessToken);
  const openDialog = useSession((s) => s.openDialog);
  const [version, setVersion] = useState(0);
  const remote = useRemote(id && token ? `app:${id}:${version}` : null, () => fetchApplication(id));
  const app = remote.data;

  const withdraw = () =>
    void confirmAction({
      title: '确定撤回该申请吗？',
      content: '撤回后本次申请不再办理，如需办理请重新提交。',
      onOk: async () => {
        const res = await withdrawApplication(app!.id).catch(() => null);
        if (!res || res.code !== 0) return toast.error(res?.msg || '撤回失败，请稍后重试');
        toast.success('已撤回');
        setVersion((v) => v + 1);
      },
    });

  const download = (fileId: number, name: string) =>
    void downloadFile(`/user/files/${fileId}`, name, { keepName: true }).then((r) => !r.ok && toast.error(r.message));

  return (
    <UserCentreLayout title="申请详情" actions={<Button onClick={() => navigate('/my-apply')}>返回我的申请</Button>}>
      {!token ? (
        <div className="state-view">
          <p>请登录后查看申请详情。</p>
          <Button type="primary" onClick={() => openDialog('login')}>
            登录
          </Button>
        </div>
      ) : !id ? (
        <ErrorView message="缺少申请编号" />
      ) : remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.notFound ? undefined : remote.reload} />
      ) : !app ? (
        <LoadingView />
      ) : (
        <>
          <section className="uc-section">
            <h2>
              {app.kindName}
              {app.refTitle ? `：${app.refTitle}` : ''}{' '}
              <Tag color={APPLICATION_STATUS_COLORS[app.status]} testId="application-status">
                {app.statusName}
              </Tag>
            </h2>
            <p className="uc-row-meta">
              编号 {app.referenceNo}
              {SP}提交于 {formatDateTime(app.createdAt)}
            </p>
            {app.status === 'rejected' && app.reason && <p className="uc-status-change">驳回原因：{app.reason}</p>}
            {app.withdrawable && (
              <Button danger onClick={withdraw}>
                撤回申请
              </Button>
            )}
          </section>
          <ApplicationTimeline app={app} />
          <section className="uc-section">
            <FormFields form={app.form} />
          </section>
          {app.attachments.length > 0 && (
            <section className="uc-section" aria-labelledby="att-title">
              <h2 id="att-title">附件</h2>
              <ul className="uc-list">
                {app.attachments.map((f) => (
                  <li key={f.id}>
                    <Button type="link" style={{ padding: 0 }} onClick={() => download(f.id, f.name)}>
                      {f.name}（{fileSize(f.size)}）
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </UserCentreLayout>
  );
}
