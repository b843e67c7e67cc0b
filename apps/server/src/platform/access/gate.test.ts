import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.js';
import { Gate } from './gate.js';

function actor(perms: string[], extra: Partial<Actor> = {}): Actor {
  return {
    userId: 5,
    isGuest: false,
    isAdmin: false,
    groupId: 10,
    permissions: new Set(perms),
    status: 0,
    statusReason: '',
    tokenId: 1,
    via: 'bearer',
    ...extra,
  };
}

describe('gate', () => {
  it('allows a global grant and refuses a missing one', () => {
    const g = new Gate();
    expect(g.can(actor(['thread.reply']), 'thread.reply')).toBe(true);
    expect(g.can(actor([]), 'thread.reply')).toBe(false);
  });

  it('scopes category{id}.X grants to that category only', () => {
    const g = new Gate();
    const a = actor(['category3.thread.reply']);
    expect(g.can(a, 'thread.reply', { categoryId: 3 })).toBe(true);
    expect(g.can(a, 'thread.reply', { categoryId: 4 })).toBe(false);
    expect(g.can(a, 'thread.reply')).toBe(false);
  });

  it('lets the admin pass everything but a force-deny', () => {
    const g = new Gate();
    const admin = actor([], { isAdmin: true, groupId: 1 });
    expect(g.can(admin, 'thread.essence')).toBe(true);
    g.registerPolicy('thread.essence', () => 'forceDeny');
    expect(g.can(admin, 'thread.essence')).toBe(false);
  });

  it('orders policy answers: forceDeny > forceAllow > admin > deny > allow > grants', () => {
    const g = new Gate();
    g.registerPolicy('x', (_a, r) => (r?.ownerId === 5 ? 'allow' : 'abstain'));
    g.registerPolicy('x', (_a, r) => (r?.locked ? 'deny' : 'abstain'));
    expect(g.can(actor([]), 'x', { ownerId: 5 })).toBe(true);
    expect(g.can(actor(['x']), 'x', { ownerId: 5, locked: true })).toBe(false);
    g.registerPolicy('x', (_a, r) => (r?.vip ? 'forceAllow' : 'abstain'));
    expect(g.can(actor([]), 'x', { locked: true, vip: true })).toBe(true);
    expect(g.can(actor(['x']), 'x')).toBe(true);
  });

  it('treats switch.X and any category grant as "anywhere"', () => {
    const g = new Gate();
    expect(g.canAnywhere(actor(['switch.viewThreads']), 'viewThreads')).toBe(true);
    expect(g.canAnywhere(actor(['category9.viewThreads']), 'viewThreads')).toBe(true);
    expect(g.canAnywhere(actor(['category9.thread.viewPosts']), 'viewThreads')).toBe(false);
    expect(g.canAnywhere(actor([]), 'viewThreads')).toBe(false);
  });

  it('authorize throws -4002 naming the ability', () => {
    const g = new Gate();
    expect(() => g.authorize(actor([]), 'thread.sticky')).toThrowError(
      expect.objectContaining({ code: -4002, data: { ability: 'thread.sticky' } }),
    );
  });
});
