import { useState } from 'react';
import type { ItemDetail } from '../../../components/content/index.ts';
import { useSession } from '../../../lib/session.ts';
import { ServiceApplyForm } from './ServiceApplyForm.tsx';

/** 申请服务: visitors get the login dialog; logged-in users a short form. */
export function ServiceApply({ service }: { service: ItemDetail }) {
  const isLogin = useSession((s) => s.isLogin);
  const [open, setOpen] = useState(false);
  if (open && isLogin) return <ServiceApplyForm service={service} onCancel={() => setOpen(false)} />;
  return (
    <div className="detail-cta">
      <button
        type="button"
        className="btn btn-primary btn-large"
        onClick={() => (isLogin ? setOpen(true) : useSession.getState().openDialog('login'))}
      >
        申请服务
      </button>
      {!isLogin && <span className="detail-cta-hint">登录后可在线申请</span>}
    </div>
  );
}
