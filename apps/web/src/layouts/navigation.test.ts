import { describe, expect, it } from 'vitest';
import type { ForumData } from '@forum/contracts';
import { memberLinks } from './member-links.ts';
import { showsTabbar } from './h5-tabbar.tsx';

/** The parts of the forum reply the member links read. */
function forum(o: {
  siteMode?: 'public' | 'pay';
  shop?: boolean;
  invite?: boolean;
  admin?: boolean;
  expiredAt?: string | null;
}): ForumData {
  return {
    setSite: { siteMode: o.siteMode ?? 'public', sitePayGroupClose: o.shop ?? false },
    otherPermissions: { canInvite: o.invite ?? false, canViewAdmin: o.admin ?? false },
    user: { expiredAt: o.expiredAt ?? null },
  } as unknown as ForumData;
}
const keys = (f: ForumData) => memberLinks(f).map((l) => l.key);

describe('member links', () => {
  it('a plain member on a public site gets the wallet and the message centre only', () => {
    expect(keys(forum({}))).toEqual(['wallet', 'message']);
  });
  it('invite, paid groups and admin follow the permission, the open shop and the admin flag', () => {
    expect(keys(forum({ invite: true, shop: true, admin: true }))).toEqual([
      'wallet',
      'message',
      'invite',
      'upgrade',
      'admin',
    ]);
    expect(memberLinks(forum({ admin: true })).find((l) => l.key === 'admin')).toMatchObject({
      to: '/admin',
      external: true,
    });
  });
  it('renew only on a paid site, for a membership that ends', () => {
    const soon = '2030-01-01T00:00:00.000Z';
    expect(keys(forum({ siteMode: 'pay', expiredAt: soon }))).toContain('renew');
    expect(keys(forum({ siteMode: 'public', expiredAt: soon }))).not.toContain('renew');
    expect(keys(forum({ siteMode: 'pay', expiredAt: '9999-12-31T00:00:00.000Z' }))).not.toContain('renew');
    expect(keys(forum({ siteMode: 'pay', expiredAt: null }))).not.toContain('renew');
  });
});

describe('h5 tab bar', () => {
  it('shows on the main pages only', () => {
    for (const p of ['/', '/search', '/topic', '/message', '/my', '/my/'])
      expect(showsTabbar(p, '')).toBe(true);
    expect(showsTabbar('/search', '?keyword=x')).toBe(true);
    for (const p of ['/thread/post', '/thread/3', '/user/login', '/my/edit', '/wallet', '/topic/2'])
      expect(showsTabbar(p, '')).toBe(false);
    expect(showsTabbar('/message', '?page=chat&userId=2')).toBe(false);
    expect(showsTabbar('/message', '?page=account')).toBe(false);
  });
});
