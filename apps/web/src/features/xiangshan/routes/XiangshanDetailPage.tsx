import { Link } from 'react-router';
import { SectionDetailPage } from '../../../components/content/index.ts';
import { xiangshanConfig } from '../lib/config.ts';

export default function XiangshanDetailPage() {
  return (
    <SectionDetailPage
      config={xiangshanConfig}
      extra={() => (
        <p className="detail-cta">
          <Link to="/standard-apply" className="button-primary">
            我要申请
          </Link>
          <span className="detail-cta-hint">贵企业的产品也符合品牌标准？在线提交香山之品申请。</span>
        </p>
      )}
    />
  );
}
