import { describe, expect, it } from 'vitest';
import { memoryBus } from './bus.js';
import { reloadOnBus } from './reload-on-bus.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

/** One instance's cache: counts its reloads and the change notices its listeners saw. */
function instance(bus: ReturnType<typeof memoryBus>, channel = 'things.changed') {
  const seen = { reloads: 0, notices: 0, order: [] as string[] };
  let fail = false;
  const sync = reloadOnBus(bus, channel, async () => {
    await tick();
    if (fail) throw new Error('database away');
    seen.reloads += 1;
    seen.order.push('reload');
  });
  sync.onChange(() => {
    seen.notices += 1;
    seen.order.push('notice');
  });
  return { sync, seen, failNext: (v: boolean) => (fail = v) };
}

// The memory bus, like Redis, hands every subscriber every message, the sender's own included:
// two subscriptions on it behave as two instances.
describe('reloadOnBus', () => {
  it('a second instance reloads, then notifies, when the first announces a change; the first skips its own', async () => {
    const bus = memoryBus();
    const a = instance(bus);
    const b = instance(bus);
    await a.sync.announce();
    await tick();
    await tick();
    expect(a.seen).toEqual({ reloads: 0, notices: 1, order: ['notice'] });
    expect(b.seen).toEqual({ reloads: 1, notices: 1, order: ['reload', 'notice'] });
  });

  it('a message it did not send (an older instance says "1") reloads it; other channels do not', async () => {
    const bus = memoryBus();
    const a = instance(bus);
    await bus.publish('things.changed', '1');
    await bus.publish('other.changed', '1');
    await tick();
    await tick();
    expect(a.seen.reloads).toBe(1);
    expect(a.seen.notices).toBe(1);
  });

  it('a failed reload keeps quiet (no notice) and the next message tries again', async () => {
    const bus = memoryBus();
    const a = instance(bus);
    const b = instance(bus);
    b.failNext(true);
    await a.sync.announce();
    await tick();
    await tick();
    expect(b.seen).toEqual({ reloads: 0, notices: 0, order: [] });
    b.failNext(false);
    await a.sync.announce();
    await tick();
    await tick();
    expect(b.seen).toEqual({ reloads: 1, notices: 1, order: ['reload', 'notice'] });
  });

  it('announcements in one turn share one message; one made after it was sent gets its own', async () => {
    const bus = memoryBus();
    const sent: string[] = [];
    bus.subscribe('things.changed', (m) => sent.push(m));
    const a = instance(bus);
    // A batch of writes answered together: each clears here at once, the others hear of it once.
    await Promise.all([a.sync.announce(), a.sync.announce(), a.sync.announce()]);
    expect(a.seen.notices).toBe(3);
    expect(sent).toHaveLength(1);
    // Later changes (the others may have read again since that message) are told again.
    await a.sync.announce();
    await a.sync.announce();
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
  });
});
