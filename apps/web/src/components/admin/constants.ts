export const SITE_TITLE = '中山市标准信息公共服务平台';
