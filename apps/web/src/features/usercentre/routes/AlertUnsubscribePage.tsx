import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRemote } from '../../../lib/useRemote.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { unsubscribe, unsubscribeTarget } from '../api/mailLinks.ts';

const KIND_LABEL: Record<string, string> = { standard_status: '收藏的标准状态变更提醒' };

/**
 * Where an alert mail's unsubscribe link lands (docs/alerts.md). Opening it changes nothing — mail scanners open
 * links — the button below POSTs the unsubscribe. No login: the token in the address names one preference.
 */
export default function AlertUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const remote = useRemote(token ? `unsubscribe:${token}` : null, () => unsubscribeTarget(token));
  const { busy, submit } = useSubmit();
  const [done, setDone] = useState(false);
  const target = remote.data;
  const what = target ? (KIND_LABEL[target.kind] ?? '提醒') + '邮件' : '';
  const confirm = async () => {
    if (await submit(() => unsubscribe(token))) setDone(true);
  };
  return (
    <div className="page-container portal-page mail-link-page" data-testid="alert-unsubscribe">
      <h1 className="page-title">退订提醒邮件</h1>
      {!token ? (
        <p role="alert">链接不完整，请从提醒邮件中打开完整的退订链接。</p>
      ) : remote.error ? (
        <p role="alert">{remote.error}</p>
      ) : !target ? (
        <p aria-busy="true">正在读取…</p>
      ) : done || !target.enabled ? (
        <p role="status">已退订{what}，今后不再发送。如需恢复，可在账号设置中重新开启。</p>
      ) : (
        <>
          <p>确认后，将不再向您发送{what}。此操作无需登录。</p>
          <p>
            <button type="button" className="button-primary" disabled={busy} onClick={() => void confirm()}>
              确认退订
            </button>
          </p>
        </>
      )}
      <p className="detail-cta">
        <Link to="/my-setting">前往账号设置</Link> <Link to="/home">返回首页</Link>
      </p>
    </div>
  );
}
