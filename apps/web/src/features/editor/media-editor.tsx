import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { AttachmentItem } from '@forum/contracts';
import { Button, type Variant } from '@forum/ui';
import { UploadType, uploadFile } from './upload.ts';

/** The two uploaded-media blocks (reference §1.3: tom 102 audio, tom 103 video). */
export type MediaKind = 'video' | 'audio';

const TYPE: Record<MediaKind, number> = { video: UploadType.VIDEO, audio: UploadType.AUDIO };

/**
 * A toolbar button that uploads one video or audio file through the attachments upload (which checks the
 * extension, the magic bytes and `support_max_size`) and hands the stored attachment to the editor.
 */
export function MediaPicker({
  kind,
  variant,
  onUploaded,
}: {
  kind: MediaKind;
  variant: Variant;
  onUploaded: (a: AttachmentItem) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <label className={`ui-button ui-button--default file-button file-button--${variant}`}>
      {busy ? t('editor.uploading') : t(`editor.${kind}`)}
      <input
        type="file"
        hidden
        accept={`${kind}/*`}
        disabled={busy}
        data-testid={`${kind}-input`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          void uploadFile(file, TYPE[kind]).then((a) => {
            setBusy(false);
            if (a) onUploaded(a);
          });
        }}
      />
    </label>
  );
}

/** The chosen video or audio file in the editor: a playable preview, its name and a remove button. */
export function MediaChip({
  kind,
  file,
  variant,
  onRemove,
}: {
  kind: MediaKind;
  file: AttachmentItem;
  variant: Variant;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`media-chip media-chip--${variant}`} data-testid={`${kind}-chip`}>
      {kind === 'video' ? (
        <video controls preload="metadata" src={file.url} />
      ) : (
        <audio controls preload="metadata" src={file.url} />
      )}
      <span className="media-chip__name">{file.fileName}</span>
      <Button size="small" kind="text" variant={variant} onClick={onRemove}>
        {t('editor.removeBlock')}
      </Button>
    </div>
  );
}
