import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, Input, type Variant } from '@forum/ui';

/** A thread's place, as the thread columns store it (reference §1.3 `position`). */
export interface PositionDraft {
  longitude: number;
  latitude: number;
  /** The street address, typed. */
  address: string;
  /** The place's name (a shop, a park), typed. */
  location: string;
}

/** No place: sent on edit to clear one. */
export const NO_POSITION: PositionDraft = { longitude: 0, latitude: 0, address: '', location: '' };

/** Coordinates rounded to about a metre: finer digits add nothing but precision nobody asked to share. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * The place form: coordinates only when the user lets the browser share them (`navigator.geolocation`),
 * plus the address and place name typed by hand. There is no map lookup: the original used a paid LBS key.
 */
export function PositionEditor({
  position,
  onChange,
  onRemove,
  variant,
}: {
  position: PositionDraft;
  onChange: (p: PositionDraft) => void;
  onRemove: () => void;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'denied'>('idle');
  const locate = () => {
    if (!('geolocation' in navigator)) return setState('denied');
    setState('busy');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setState('idle');
        onChange({ ...position, longitude: round(p.coords.longitude), latitude: round(p.coords.latitude) });
      },
      () => setState('denied'),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };
  const located = position.longitude !== 0 || position.latitude !== 0;
  return (
    <fieldset className={`block-editor block-editor--${variant}`} data-testid="position-editor">
      <legend>{t('editor.position')}</legend>
      <div className="block-editor__row">
        <Button
          size="small"
          variant={variant}
          onClick={locate}
          loading={state === 'busy'}
          data-testid="locate"
        >
          {t('editor.locate')}
        </Button>
        <span className="muted" data-testid="coords">
          {located
            ? t('editor.coords', { lat: position.latitude, lng: position.longitude })
            : state === 'denied'
              ? t('editor.locateDenied')
              : t('editor.noCoords')}
        </span>
      </div>
      <label className="block-editor__field">
        <span>{t('editor.location')}</span>
        <Input
          variant={variant}
          name="position-location"
          value={position.location}
          onChange={(v) => onChange({ ...position, location: v })}
          maxLength={200}
        />
      </label>
      <label className="block-editor__field">
        <span>{t('editor.address')}</span>
        <Input
          variant={variant}
          name="position-address"
          value={position.address}
          onChange={(v) => onChange({ ...position, address: v })}
          maxLength={200}
        />
      </label>
      <Button size="small" kind="text" variant={variant} onClick={onRemove}>
        {t('editor.removeBlock')}
      </Button>
    </fieldset>
  );
}
