import type { ThreadItem } from '@forum/contracts';

/** Does nothing: for slot callbacks a page has no use for (rows that are never measured, say). */
export const noop = (): void => {};

/**
 * A thread slot's per-plugin input: the block the plugin stored in the thread (its tomId is the plugin's appid)
 * becomes its renderData.
 */
export function threadBlockOf(thread: ThreadItem) {
  return (plugin: { appid: string | number }): Record<string, unknown> => {
    const block = Object.values(thread.content.indexes ?? {}).find(
      (b) => String(b.tomId) === String(plugin.appid),
    );
    return block ? { renderData: block.body } : {};
  };
}
