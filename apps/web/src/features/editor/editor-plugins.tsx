import { useCallback, useState, type ReactNode } from 'react';
import type { PluginPostData } from '@forum/plugin-sdk';
import type { Variant } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PluginSlot } from '../../plugins/plugin-slot.tsx';

/**
 * The thread's blocks with the plugins' attached ones (keyed `p-<tomId>`, beside the built-in keys): the
 * server validates each body with the plugin's schema and stores it like a built-in block.
 */
export function withPluginBlocks<
  T extends { indexes: Record<string, { tomId: string | number; body: unknown }> },
>(content: T, blocks: PluginPostData[]): T {
  const indexes = { ...content.indexes };
  for (const b of blocks) indexes[`p-${b.tomId}`] = { tomId: b.tomId, body: b.body };
  return { ...content, indexes };
}

/** A thread's plugin blocks (tom ids that are not built-in numbers), for editing it. */
export function pluginBlocksOf(
  indexes: Record<string, { tomId: string | number; body?: unknown }>,
): PluginPostData[] {
  return Object.values(indexes)
    .filter((x) => !/^\d+$/.test(String(x.tomId)))
    .map((x) => ({ tomId: x.tomId, body: x.body }));
}

/**
 * Post-screen plugins (spec §2): their toolbar entries, their attached blocks and the dialog they may open.
 * Blocks are kept by the plugin's appid (its tomId) and sent with the thread (`withPluginBlocks`).
 */
export function useEditorPlugins(
  variant: Variant,
  initial: PluginPostData[] = [],
  /** `tom.permissions` of the writer: a plugin's block type by its appid. */
  perms: Record<string, boolean> = {},
) {
  const { t } = useTranslation();
  // An edited thread keeps its plugin blocks unless the author removes them.
  const [blocks, setBlocks] = useState<Record<string, PluginPostData>>(() =>
    Object.fromEntries(initial.map((b) => [String(b.tomId), b])),
  );
  const [dialog, setDialog] = useState<ReactNode>(null);
  const closePluginDialog = useCallback(() => setDialog(null), []);
  const showPluginDialog = useCallback((content: ReactNode) => setDialog(content), []);
  const perPlugin = useCallback(
    (p: { appid: string | number }) => {
      const key = String(p.appid);
      return {
        canInsert: perms[key] !== false,
        postData: blocks[key] ?? null,
        confirm: (d: PluginPostData) => setBlocks((b) => ({ ...b, [key]: d })),
        deletePlugin: () =>
          setBlocks((b) => Object.fromEntries(Object.entries(b).filter(([k]) => k !== key))),
      };
    },
    [blocks, perms],
  );
  const slotInputs = {
    postData: null,
    confirm: undefined,
    deletePlugin: undefined,
    showPluginDialog,
    closePluginDialog,
    perPlugin,
  };
  return {
    blocks,
    entry: <PluginSlot target="plugin_post" hook="post_extension_entry_hook" {...slotInputs} />,
    content: <PluginSlot target="plugin_post" hook="post_extension_content_hook" {...slotInputs} />,
    dialog: dialog && (
      <div className={`plugin-dialog plugin-dialog--${variant}`} role="dialog" aria-modal="true">
        <div className="plugin-dialog__box panel">
          {dialog}
          <button type="button" className="plugin-dialog__close" onClick={closePluginDialog}>
            {t('plugin.closeDialog')}
          </button>
        </div>
      </div>
    ),
  };
}
