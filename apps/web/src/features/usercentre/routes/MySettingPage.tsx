import { useState } from 'react';
import { maskMobile } from '@zs/shared/constants';
import { UserCentreLayout } from '../components/UserCentreLayout.tsx';
import { Chips, Fields } from '../components/ui.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { fetchProfile } from '../api/usercentre.ts';
import { refreshUserInfo } from '../../../lib/userInfo.ts';
import { PasswordForm } from '../settings/PasswordForm.tsx';
import { MobileForm } from '../settings/MobileForm.tsx';
import { EmailForm } from '../settings/EmailForm.tsx';
import { EmailAlerts } from '../settings/EmailAlerts.tsx';
import { DataAndAccount } from '../settings/DataAndAccount.tsx';
import { useRemote } from '../../../lib/useRemote.ts';
import { ErrorView, LoadingView } from '../../../components/content/StateViews.tsx';

const ROLE: Record<string, string> = { user: '普通用户', operator: '运营人员', admin: '管理员' };
type Tab = 'profile' | 'password' | 'mobile' | 'email';
const TABS: Array<{ value: Tab; label: string }> = [
  { value: 'profile', label: '基本资料' },
  { value: 'password', label: '修改密码' },
  { value: 'mobile', label: '更换手机号' },
  { value: 'email', label: '修改邮箱' },
];

/** /my-setting: profile, password, mobile, email, and the account's data and lifetime. */
export default function MySettingPage() {
  const [tab, setTab] = useState<Tab>('profile');
  const [version, setVersion] = useState(0);
  const remote = useRemote(`profile:${version}`, fetchProfile);
  const p = remote.data;
  const changed = () => {
    setVersion((v) => v + 1);
    void refreshUserInfo();
  };

  return (
    <UserCentreLayout title="账号设置">
      <Chips label="设置项" value={tab} options={TABS} onChange={setTab} />
      {remote.error ? (
        <ErrorView message={remote.error} onRetry={remote.reload} />
      ) : !p ? (
        <LoadingView />
      ) : tab === 'profile' ? (
        <>
          <Fields
            testId="profile"
            rows={[
              ['用户名', p.username],
              ['手机号', maskMobile(p.mobile)],
              ['邮箱', p.email || '未设置'],
              ['账号类型', ROLE[p.role] ?? p.role],
              [
                '企业认证',
                `${p.certification.statusName}${p.certification.companyName ? `（${p.certification.companyName}）` : ''}`,
              ],
              ['注册时间', formatDateTime(p.createdAt)],
              p.lastLoginAt ? ['最近登录', formatDateTime(p.lastLoginAt)] : null,
            ]}
          />
          <h2 style={{ fontSize: 16, margin: '24px 0 12px' }}>数据与账号</h2>
          <DataAndAccount />
        </>
      ) : tab === 'password' ? (
        <PasswordForm />
      ) : tab === 'mobile' ? (
        <MobileForm onDone={changed} />
      ) : (
        <>
          <EmailForm key={p.email ?? ''} current={p.email} onDone={changed} />
          <EmailAlerts version={version} />
        </>
      )}
    </UserCentreLayout>
  );
}
