import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SafeHtml } from './SafeHtml.tsx';

const html = (input: string) => render(<SafeHtml html={input} />).container.innerHTML;

describe('SafeHtml', () => {
  it('keeps whitelisted markup and text', () => {
    const out = html('<h2>标题</h2><p>正文<strong>加粗</strong></p><ul><li>一</li></ul>');
    expect(out).toContain('<h2>标题</h2>');
    expect(out).toContain('<strong>加粗</strong>');
    expect(out).toContain('<li>一</li>');
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const out = html(
      '<p onclick="x()">a<script>alert(1)</script></p><a href="javascript:alert(1)">链接</a><img src="x" onerror="y()">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain('链接');
    expect(out).not.toContain('<img');
  });

  it('opens safe links in a new tab without opener', () => {
    const out = html('<a href="https://flk.npc.gov.cn/">国家法律法规数据库</a>');
    expect(out).toContain('href="https://flk.npc.gov.cn/"');
    expect(out).toContain('rel="noopener noreferrer"');
  });

  it('keeps the text of unknown tags but not their attributes', () => {
    const out = html('<section style="color:red"><font color="red">文字</font></section>');
    expect(out).toContain('文字');
    expect(out).not.toMatch(/style|font|section/);
  });

  it('shows images uploaded through the console, and no other local path', () => {
    const out = html('<img src="/api/content/files/12/0123456789abcdef" alt="配图"><img src="/api/content/files/12/x" alt="坏">');
    expect(out).toContain('<img alt="配图" src="/api/content/files/12/0123456789abcdef">');
    expect(out).not.toContain('坏');
  });
});
