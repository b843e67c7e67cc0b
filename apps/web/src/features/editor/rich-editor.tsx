import { useEffect, useRef, useState } from 'react';
import { DOMSerializer } from '@tiptap/pm/model';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { TextSelection } from '@tiptap/pm/state';
import type { Variant } from '@forum/ui';
import { KeepImages, SubmitKey, insertAtCursor, placeImage } from './keep-images.ts';
import { EditorPicker, type PickerKind } from './editor-pickers.tsx';
import './editor-tools.css';

/** An uploaded image ready to be placed in the text. */
export interface PlacedImage {
  src: string;
  id: number;
}

/** Props of {@link RichEditor}. */
export interface RichEditorProps {
  initialHtml: string;
  placeholder: string;
  variant: Variant;
  /** Null when the actor may not insert images (`tom.permissions` 101); `onProgress` gets 0–100. */
  uploadImage: ((file: File, onProgress: (percent: number) => void) => Promise<PlacedImage | null>) | null;
  onChange: (html: string, length: number) => void;
}

// Keeps the upload id on the image so the page can list the thread's image block from the text.
const ForumImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      'data-attachment-id': { default: null },
    };
  },
});

function imagesOf(list: FileList | null | undefined): File[] {
  return [...(list ?? [])].filter((f) => f.type.startsWith('image/'));
}

/** A file on its way to the server, as the progress list shows it. */
interface Uploading {
  key: number;
  name: string;
  percent: number;
}
let uploadSeq = 0;

/** Uploads one after another, each placed at the cursor as it arrives; `track` reports their progress. */
async function insertUploads(
  editor: Editor,
  files: File[],
  upload: NonNullable<RichEditorProps['uploadImage']>,
  track: (fn: (list: Uploading[]) => Uploading[]) => void,
) {
  const queued = files.map((f) => ({ file: f, key: ++uploadSeq }));
  track((l) => [...l, ...queued.map((q) => ({ key: q.key, name: q.file.name, percent: 0 }))]);
  for (const { file, key } of queued) {
    const img = await upload(file, (percent) =>
      track((l) => l.map((u) => (u.key === key ? { ...u, percent } : u))),
    );
    track((l) => l.filter((u) => u.key !== key));
    if (img && !editor.isDestroyed)
      placeImage(editor, { src: img.src, 'data-attachment-id': String(img.id) });
  }
}

/** The document as the body would show it: built from the editor's schema as DOM nodes, never parsed from HTML. */
function Preview({ editor }: { editor: Editor }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const fragment = DOMSerializer.fromSchema(editor.schema).serializeFragment(editor.state.doc.content);
    box.current?.replaceChildren(fragment);
  }, [editor]);
  return <div ref={box} className="rich-text rich-editor__preview" data-testid="editor-preview" />;
}

/** Tiptap WYSIWYG with markdown input rules (starter kit), links, and image paste, drop and button upload. */
export default function RichEditor({
  initialHtml,
  placeholder,
  variant,
  uploadImage,
  onChange,
}: RichEditorProps) {
  const { t } = useTranslation();
  const uploadRef = useRef(uploadImage);
  uploadRef.current = uploadImage;
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Uploading[]>([]);
  const [picker, setPicker] = useState<PickerKind | null>(null);
  const [preview, setPreview] = useState(false);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }),
      ForumImage,
      KeepImages,
      SubmitKey,
      Placeholder.configure({ placeholder }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: { class: 'rich-text rich-editor__area', 'data-testid': 'editor-area' },
      handlePaste: (_view, event) => {
        const files = imagesOf(event.clipboardData?.files);
        if (!files.length || !uploadRef.current || !editorRef.current) return false;
        event.preventDefault();
        void insertUploads(editorRef.current, files, uploadRef.current, setUploads);
        return true;
      },
      handleDrop: (view, event) => {
        const drag = event as DragEvent;
        const files = imagesOf(drag.dataTransfer?.files);
        if (!files.length || !uploadRef.current || !editorRef.current) return false;
        event.preventDefault();
        // The images go where they were dropped: the cursor moves there first.
        const at = view.posAtCoords({ left: drag.clientX, top: drag.clientY });
        if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
        void insertUploads(editorRef.current, files, uploadRef.current, setUploads);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML(), e.getText().length),
  });
  const editorRef = useRef<Editor | null>(null);
  editorRef.current = editor;
  useEffect(() => {
    if (editor) onChange(editor.getHTML(), editor.getText().length);
    // Report the restored content once the editor exists.
  }, [editor]);
  if (!editor)
    return <div className="rich-editor rich-editor--loading muted">{t('editor.loadingEditor')}</div>;
  const btn = (label: string, on: () => void, active = false, testId?: string) => (
    <button
      type="button"
      className={active ? 'is-active' : undefined}
      aria-pressed={active}
      data-testid={testId}
      disabled={preview && testId !== 'preview-toggle'}
      onMouseDown={(e) => e.preventDefault()}
      onClick={on}
    >
      {label}
    </button>
  );
  const toggle = (k: PickerKind) => () => setPicker((p) => (p === k ? null : k));
  const setLink = () => {
    const url = window.prompt(t('editor.linkPrompt'));
    if (url && /^(https?:|mailto:|\/)/i.test(url)) editor.chain().focus().setLink({ href: url }).run();
  };
  return (
    <div className={`rich-editor rich-editor--${variant}`}>
      <div className="rich-editor__toolbar" role="toolbar">
        {btn(t('editor.bold'), () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
        {btn(
          t('editor.italic'),
          () => editor.chain().focus().toggleItalic().run(),
          editor.isActive('italic'),
        )}
        {btn(
          t('editor.heading'),
          () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
          editor.isActive('heading'),
        )}
        {btn(
          t('editor.list'),
          () => editor.chain().focus().toggleBulletList().run(),
          editor.isActive('bulletList'),
        )}
        {btn(
          t('editor.quote'),
          () => editor.chain().focus().toggleBlockquote().run(),
          editor.isActive('blockquote'),
        )}
        {btn(
          t('editor.code'),
          () => editor.chain().focus().toggleCodeBlock().run(),
          editor.isActive('codeBlock'),
        )}
        {btn(t('editor.link'), setLink, editor.isActive('link'))}
        {uploadImage && btn(t('editor.image'), () => fileInput.current?.click())}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="image-input"
          onChange={(e) => {
            const files = imagesOf(e.target.files);
            e.target.value = '';
            if (uploadImage) void insertUploads(editor, files, uploadImage, setUploads);
          }}
        />
        {btn(t('editor.emoji'), toggle('emoji'), picker === 'emoji', 'emoji-toggle')}
        {btn(t('editor.mention'), toggle('mention'), picker === 'mention', 'mention-toggle')}
        {btn(t('editor.topic'), toggle('topic'), picker === 'topic', 'topic-toggle')}
        {btn(
          preview ? t('editor.backToEdit') : t('editor.preview'),
          () => {
            setPicker(null);
            setPreview((p) => !p);
          },
          preview,
          'preview-toggle',
        )}
      </div>
      {picker && !preview && (
        <EditorPicker
          kind={picker}
          variant={variant}
          onClose={() => {
            setPicker(null);
            editor.commands.focus();
          }}
          onPick={(text) => {
            insertAtCursor(editor, text);
            setPicker(null);
          }}
        />
      )}
      {uploads.length > 0 && (
        <ul className="rich-editor__uploads" data-testid="upload-progress" aria-live="polite">
          {uploads.map((u) => (
            <li key={u.key}>
              <span className="rich-editor__upload-name">{u.name}</span>
              <progress
                max={100}
                value={u.percent}
                aria-label={t('editor.uploadingFile', { name: u.name })}
              />
              <span>{u.percent}%</span>
            </li>
          ))}
        </ul>
      )}
      {preview && <Preview editor={editor} />}
      <div hidden={preview}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
