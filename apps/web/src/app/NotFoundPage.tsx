import { Result } from 'antd';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="page-container not-found" data-testid="not-found">
      <Result
        status="404"
        title="404 页面不存在"
        subTitle="您访问的页面不存在或已被移除"
        extra={<Link to="/home">返回首页</Link>}
      />
    </div>
  );
}
