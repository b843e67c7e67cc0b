import { Extension, type Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { NodeSelection, Plugin, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

/**
 * Puts a text cursor right after the block at `end` (the position just past it): at the start of the textblock
 * that follows, or in a new empty paragraph when none does. Typing there can never replace the block.
 */
function cursorAfter(tr: Transaction, end: number): Transaction {
  const after = tr.doc.resolve(end).nodeAfter;
  if (!after?.isTextblock) {
    const paragraph = tr.doc.type.schema.nodes.paragraph;
    if (paragraph) tr.insert(end, paragraph.create());
  }
  return tr.setSelection(TextSelection.near(tr.doc.resolve(end + 1)));
}

/** The selected image and its position, when the selection is one whole image. */
function selectedImage(state: EditorState): { pos: number; size: number } | null {
  const sel = state.selection;
  if (!(sel instanceof NodeSelection) || sel.node.type.name !== 'image') return null;
  return { pos: sel.from, size: sel.node.nodeSize };
}

/**
 * Inserts an uploaded image at the cursor without replacing anything (a selection is kept: the image goes after it),
 * then leaves the cursor after the image. The insertion is its own undo step, so undoing later typing keeps the image.
 */
export function placeImage(editor: Editor, attrs: Record<string, string>): void {
  const { state, view } = editor;
  const type = state.schema.nodes.image;
  if (!type) return;
  const at = state.selection.to;
  const tr = closeHistory(state.tr);
  tr.replaceRangeWith(at, at, type.create(attrs));
  // The image lands at `at`, or next to it when it had to split or leave a textblock: the one with its id nearest to `at`.
  const id = attrs['data-attachment-id'];
  let found = -1;
  tr.doc.descendants((node, pos) => {
    if (node.type === type && node.attrs['data-attachment-id'] === id) {
      if (found < 0 || Math.abs(pos - at) < Math.abs(found - at)) found = pos;
    }
  });
  if (found < 0) return;
  cursorAfter(tr, found + tr.doc.nodeAt(found)!.nodeSize);
  view.dispatch(tr.scrollIntoView());
  // Typing after the image starts a new undo step rather than joining the insertion.
  view.dispatch(closeHistory(view.state.tr));
  view.focus();
}

/**
 * Writes picked text (an emoji code, a mention, a topic) at the cursor and leaves the cursor after it. Nothing is
 * replaced: a selected image or a text selection stays, the text goes after it.
 */
export function insertAtCursor(editor: Editor, text: string): void {
  const { state, view } = editor;
  const tr = state.tr;
  const sel = state.selection;
  if (sel instanceof NodeSelection && sel.node.isBlock) cursorAfter(tr, sel.to);
  const at = tr.selection.to;
  tr.insertText(text, at);
  tr.setSelection(TextSelection.create(tr.doc, at + text.length));
  view.dispatch(tr.scrollIntoView());
  view.focus();
}

/** Keys that do not write text (moving, deleting, shortcuts): they keep their usual meaning on a selected image. */
function writesText(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  return e.key.length === 1 || e.key === 'Process' || e.key === 'Unidentified';
}

/** Ctrl/Cmd+Enter is the page's "publish" (editor-page.tsx), not a line break in the text. */
export const SubmitKey = Extension.create({
  name: 'submitKey',
  // Ahead of the hard break's own Mod-Enter.
  priority: 1000,
  addKeyboardShortcuts() {
    return { 'Mod-Enter': () => true };
  },
});

/**
 * An image the author clicked (a node selection) is not replaced by the next keystroke, as ProseMirror would:
 * the cursor moves after it first. Deleting it stays explicit (Backspace, Delete, cut).
 */
export const KeepImages = Extension.create({
  name: 'keepImages',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handleKeyDown(view, event) {
            const img = selectedImage(view.state);
            if (img && writesText(event)) view.dispatch(cursorAfter(view.state.tr, img.pos + img.size));
            return false;
          },
          // Text that arrives without a key press (IME commit, insertText) while an image is selected.
          handleTextInput(view, from, to, text) {
            const img = selectedImage(view.state);
            if (!img || from > img.pos || to < img.pos + img.size) return false;
            const tr = cursorAfter(view.state.tr, img.pos + img.size);
            view.dispatch(tr.insertText(text));
            return true;
          },
        },
      }),
    ];
  },
});
