import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button, toast } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** The crop window's size on screen and the uploaded square's size. */
const VIEW = 240;
const OUT = 256;

/**
 * Picks the square part of a picture that becomes the avatar: the picture covers the window, drag moves it,
 * the slider zooms; Save draws that square at 256 px and hands back a PNG (the server re-encodes it again).
 */
export function AvatarCropper({
  file,
  onCancel,
  onDone,
  busy,
}: {
  file: File;
  onCancel: () => void;
  onDone: (png: Blob) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [img, setImg] = useState<ImageBitmap | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    // Decoded straight from the file: no object URL to revoke too early, nothing for the page's policy to refuse.
    let live = true;
    void createImageBitmap(file).then(
      (bitmap) => live && setImg(bitmap),
      () => live && toast.error(t('my.notImage')),
    );
    return () => {
      live = false;
    };
  }, [file, t]);

  // The scale at which the picture just covers the window, times the zoom.
  const scale = img ? Math.max(VIEW / img.width, VIEW / img.height) * zoom : 1;
  const clamp = (o: { x: number; y: number }) => {
    if (!img) return o;
    const maxX = Math.max(0, (img.width * scale - VIEW) / 2);
    const maxY = Math.max(0, (img.height * scale - VIEW) / 2);
    return { x: Math.min(maxX, Math.max(-maxX, o.x)), y: Math.min(maxY, Math.max(-maxY, o.y)) };
  };

  useEffect(() => {
    const c = canvas.current?.getContext('2d');
    if (!c || !img) return;
    c.clearRect(0, 0, VIEW, VIEW);
    const w = img.width * scale;
    const h = img.height * scale;
    c.drawImage(img, (VIEW - w) / 2 + offset.x, (VIEW - h) / 2 + offset.y, w, h);
  }, [img, scale, offset]);

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (d) setOffset(clamp({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y }));
  };

  const save = () => {
    if (!img) return;
    const out = document.createElement('canvas');
    out.width = OUT;
    out.height = OUT;
    const c = out.getContext('2d')!;
    const k = OUT / VIEW;
    const w = img.width * scale * k;
    const h = img.height * scale * k;
    c.drawImage(img, (OUT - w) / 2 + offset.x * k, (OUT - h) / 2 + offset.y * k, w, h);
    out.toBlob((blob) => blob && onDone(blob), 'image/png');
  };

  return (
    <div className="avatar-cropper" data-testid="avatar-cropper">
      <canvas
        ref={canvas}
        width={VIEW}
        height={VIEW}
        className="avatar-cropper__view"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => (drag.current = null)}
        aria-label={t('my.cropHint')}
      />
      <p className="muted avatar-cropper__hint">{t('my.cropHint')}</p>
      <label className="avatar-cropper__zoom">
        {t('my.zoom')}
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(e) => {
            setZoom(Number(e.target.value));
            setOffset((o) => clamp(o));
          }}
        />
      </label>
      <div className="avatar-cropper__actions">
        <Button size="small" onClick={onCancel}>
          {t('my.cancel')}
        </Button>
        <Button
          kind="primary"
          size="small"
          loading={busy}
          disabled={!img}
          onClick={save}
          data-testid="avatar-save"
        >
          {t('my.saveAvatar')}
        </Button>
      </div>
    </div>
  );
}
