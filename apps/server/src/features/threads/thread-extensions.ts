/** What plugin presenters see of a thread: the author only as this reply may show them (0 when anonymous). */
export interface ExtensionInput {
  threadId: number;
  userId: number;
  categoryId: number;
  title: string;
  blocks: Array<{ key: string; tomId: string; body: unknown }>;
}

/**
 * Plugins' additions to a thread, by plugin name (viewer-independent); null when none add anything. The input
 * is built only when some plugin presents threads: every list item passes through here.
 */
export type ThreadExtensions = (thread: () => ExtensionInput) => Record<string, unknown> | null;
