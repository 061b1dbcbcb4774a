import { describe, expect, it } from 'vitest';
import { contentItemInputSchema } from './api/content.ts';
import { SiteSettingsForm } from './api/admin-settings.ts';
import { normaliseLink, webLink } from './links.ts';

describe('links as office staff type them', () => {
  it('completes www. with https:// and keeps full links', () => {
    expect(normaliseLink(' www.zs.gov.cn/a ')).toBe('https://www.zs.gov.cn/a');
    expect(normaliseLink('http://x.cn')).toBe('http://x.cn');
    expect(webLink('链接不正确').parse('WWW.zs.gov.cn')).toBe('https://WWW.zs.gov.cn');
    expect(webLink('链接不正确').safeParse('zs.gov.cn').error?.issues[0]?.message).toBe('链接不正确');
    expect(webLink('链接不正确').safeParse('javascript:alert(1)').success).toBe(false);
  });
  it('applies to the content source link and the site settings', () => {
    const item = contentItemInputSchema.parse({ title: '示例', sourceUrl: 'www.samr.gov.cn' });
    expect(item.sourceUrl).toBe('https://www.samr.gov.cn');
    expect(contentItemInputSchema.parse({ title: '示例', sourceUrl: '' }).sourceUrl).toBeNull();
    const shape = SiteSettingsForm.shape.policeRecordUrl;
    expect(shape.parse('www.beian.gov.cn')).toBe('https://www.beian.gov.cn');
    expect(shape.parse('')).toBeNull();
  });
});
