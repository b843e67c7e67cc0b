import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, type Variant } from '@forum/ui';
import type { EditorDraft } from './editor-state.ts';
import { GoodsEditor, newGoods } from './goods-editor.tsx';
import { MediaChip, MediaPicker } from './media-editor.tsx';
import { NO_POSITION, PositionEditor } from './position-editor.tsx';
import { UploadType, uploadFile } from './upload.ts';
import { newVote, VoteEditor } from './vote-editor.tsx';

/** Props shared by the block list and the insert buttons. */
interface BlocksProps {
  draft: EditorDraft;
  /** Merges a change into the draft (functional, so uploads finishing late never drop other edits). */
  update: (fn: (d: EditorDraft) => Partial<EditorDraft>) => void;
  variant: Variant;
}

/** The blocks the draft holds, each with its own small editor and a remove button. */
export function EditorBlocks({ draft, update, variant }: BlocksProps) {
  const { t } = useTranslation();
  return (
    <>
      {draft.files.length > 0 && (
        <ul className="editor-page__files">
          {draft.files.map((f) => (
            <li key={f.id}>
              {f.fileName}{' '}
              <Button
                size="small"
                kind="text"
                variant={variant}
                onClick={() => update((d) => ({ files: d.files.filter((x) => x.id !== f.id) }))}
              >
                {t('editor.removeFile')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {draft.video && (
        <MediaChip
          kind="video"
          file={draft.video}
          variant={variant}
          onRemove={() => update(() => ({ video: null }))}
        />
      )}
      {draft.audio && (
        <MediaChip
          kind="audio"
          file={draft.audio}
          variant={variant}
          onRemove={() => update(() => ({ audio: null }))}
        />
      )}
      {draft.goods && (
        <GoodsEditor
          goods={draft.goods}
          onChange={(g) => update(() => ({ goods: g }))}
          onRemove={() => update(() => ({ goods: null }))}
          variant={variant}
        />
      )}
      {draft.position && (
        <PositionEditor
          position={draft.position}
          onChange={(p) => update(() => ({ position: p }))}
          onRemove={() => update(() => ({ position: null }))}
          variant={variant}
        />
      )}
      {draft.vote && (
        <VoteEditor
          vote={draft.vote}
          onChange={(v) => update(() => ({ vote: v }))}
          onRemove={() => update(() => ({ vote: null }))}
          variant={variant}
        />
      )}
    </>
  );
}

/** The insert buttons, each shown only when `tom.permissions` allows that block (keys are tom ids). */
export function BlockButtons({
  draft,
  update,
  variant,
  can,
}: BlocksProps & { can: (key: string) => boolean }) {
  const { t } = useTranslation();
  const addFiles = async (files: File[]) => {
    for (const f of files) {
      const a = await uploadFile(f, UploadType.FILE);
      if (a) update((d) => ({ files: [...d.files, a] }));
    }
  };
  return (
    <>
      {can('108') && (
        <label className="ui-button ui-button--default file-button">
          {t('editor.attachment')}
          <input
            type="file"
            hidden
            multiple
            data-testid="file-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void addFiles(files);
            }}
          />
        </label>
      )}
      {can('103') && !draft.video && (
        <MediaPicker kind="video" variant={variant} onUploaded={(a) => update(() => ({ video: a }))} />
      )}
      {can('102') && !draft.audio && (
        <MediaPicker kind="audio" variant={variant} onUploaded={(a) => update(() => ({ audio: a }))} />
      )}
      {can('104') && !draft.goods && (
        <Button
          variant={variant}
          onClick={() => update(() => ({ goods: newGoods() }))}
          data-testid="add-goods"
        >
          {t('editor.goods')}
        </Button>
      )}
      {can('position') && !draft.position && (
        <Button
          variant={variant}
          onClick={() => update(() => ({ position: { ...NO_POSITION } }))}
          data-testid="add-position"
        >
          {t('editor.position')}
        </Button>
      )}
      {can('109') && !draft.vote && (
        <Button variant={variant} onClick={() => update(() => ({ vote: newVote() }))} data-testid="add-vote">
          {t('editor.vote')}
        </Button>
      )}
    </>
  );
}
