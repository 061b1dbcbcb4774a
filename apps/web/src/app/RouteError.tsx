import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last-resort error screen; a failed chunk load (new deployment) is the usual cause. Plain markup on purpose. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `错误代码 ${error.status}` : '页面加载失败，可能是网站已更新';
  return (
    <main id="main" className="route-error" role="alert">
      <h1>页面出错了</h1>
      <p>{detail}</p>
      <button type="button" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </main>
  );
}
