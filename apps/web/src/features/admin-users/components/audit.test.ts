import { describe, expect, it } from 'vitest';
import { actionName, detailText, targetName } from './audit.ts';

describe('audit log formatting', () => {
  it('names role changes by their Chinese role names', () => {
    expect(detailText('user.role', { username: 'zhang3', from: 'user', to: 'operator' })).toBe(
      '普通用户 → 运营人员；用户名：zhang3',
    );
  });

  it('leaves empty fields out and keeps unknown keys and actions readable', () => {
    expect(detailText('certification.reject', { companyName: '某公司', reason: null, extra: 2 })).toBe(
      '企业名称：某公司；extra：2',
    );
    expect(actionName('certification.reject')).toBe('企业认证驳回');
    expect(actionName('something.new')).toBe('something.new');
    expect(targetName('user', 7)).toBe('用户 #7');
    expect(targetName('thing', null)).toBe('thing');
  });
});
