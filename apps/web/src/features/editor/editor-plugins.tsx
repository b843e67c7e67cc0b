import { useCallback, useState, type ReactNode } from 'react';
import type { PluginPostData } from '@forum/plugin-sdk';
import type { Variant } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PluginSlot } from '../../plugins/plugin-slot.tsx';

/**
 * Post-screen plugins (spec §2): their toolbar entries, their attached blocks and the dialog they may open.
 * Blocks are kept by the plugin's appid (its tomId); sending them with the thread arrives with plugin block types
 * on the server.
 */
export function useEditorPlugins(variant: Variant) {
  const { t } = useTranslation();
  const [blocks, setBlocks] = useState<Record<string, PluginPostData>>({});
  const [dialog, setDialog] = useState<ReactNode>(null);
  const closePluginDialog = useCallback(() => setDialog(null), []);
  const showPluginDialog = useCallback((content: ReactNode) => setDialog(content), []);
  const perPlugin = useCallback(
    (p: { appid: string | number }) => {
      const key = String(p.appid);
      return {
        postData: blocks[key] ?? null,
        confirm: (d: PluginPostData) => setBlocks((b) => ({ ...b, [key]: d })),
        deletePlugin: () =>
          setBlocks((b) => Object.fromEntries(Object.entries(b).filter(([k]) => k !== key))),
      };
    },
    [blocks],
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
