import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import type { Variant } from '@forum/ui';
import { KeepImages, SubmitKey, placeImage } from './keep-images.ts';

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
  /** Null when the actor may not insert images (`tom.permissions` 101). */
  uploadImage: ((file: File) => Promise<PlacedImage | null>) | null;
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

async function insertUploads(
  editor: Editor,
  files: File[],
  upload: NonNullable<RichEditorProps['uploadImage']>,
) {
  for (const f of files) {
    const img = await upload(f);
    if (img) {
      placeImage(editor, { src: img.src, 'data-attachment-id': String(img.id) });
    }
  }
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
        void insertUploads(editorRef.current, files, uploadRef.current);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = imagesOf((event as DragEvent).dataTransfer?.files);
        if (!files.length || !uploadRef.current || !editorRef.current) return false;
        event.preventDefault();
        void insertUploads(editorRef.current, files, uploadRef.current);
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
  const btn = (label: string, on: () => void, active = false) => (
    <button
      type="button"
      className={active ? 'is-active' : undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={on}
    >
      {label}
    </button>
  );
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
            if (uploadImage) void insertUploads(editor, files, uploadImage);
          }}
        />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
