import { Link, useSearchParams } from 'react-router';
import { useRemote } from '../../../lib/useRemote.ts';
import { verifyEmail } from '../api/mailLinks.ts';

/**
 * Where the verification mail's link lands (docs/alerts.md): the page confirms the address through the API and
 * says in Chinese what happened. A link opened twice says it no longer works (the token is used once).
 */
export default function EmailVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const remote = useRemote(token ? `verify:${token}` : null, () => verifyEmail(token));
  return (
    <div className="page-container portal-page mail-link-page" data-testid="email-verify">
      <h1 className="page-title">邮箱验证</h1>
      {!token ? (
        <p role="alert">链接不完整，请从验证邮件中打开完整的链接。</p>
      ) : remote.data ? (
        <p role="status">
          邮箱 <strong>{remote.data.email}</strong> 已验证。您可以在账号设置中开启提醒邮件。
        </p>
      ) : remote.error ? (
        <p role="alert">{remote.error}</p>
      ) : (
        <p aria-busy="true">正在验证…</p>
      )}
      <p className="detail-cta">
        <Link to="/my-setting">前往账号设置</Link> <Link to="/home">返回首页</Link>
      </p>
    </div>
  );
}
