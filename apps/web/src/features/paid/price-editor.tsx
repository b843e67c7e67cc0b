import type { ThreadItem } from '@forum/contracts';
import { Input, type Variant } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** The editor's paid-content fields as typed: yuan with two decimals, free words in percent. */
export interface PayDraft {
  price: string;
  attachmentPrice: string;
  freeWords: string;
}

/** A thread's paid-content fields for editing. */
export function payDraftOf(th: ThreadItem): PayDraft | null {
  if (!th.price && !th.attachmentPrice) return null;
  return {
    price: th.price ? th.price.toFixed(2) : '',
    attachmentPrice: th.attachmentPrice ? th.attachmentPrice.toFixed(2) : '',
    freeWords: String(Math.round(th.freewords * 100)),
  };
}

const YUAN = /^\d{1,6}(\.\d{1,2})?$/;

/**
 * What the write sends (yuan as numbers; the server stores fen), or an error key: the price format, or both
 * prices set. No draft sends zeros, so an edit can make a paid thread free again.
 */
export function payFields(
  d: PayDraft | null | undefined,
): { price: number; attachmentPrice: number; freeWords: number } | { error: string } {
  const price = d?.price.trim() || '0';
  const attachmentPrice = d?.attachmentPrice.trim() || '0';
  if (
    !YUAN.test(price) ||
    !YUAN.test(attachmentPrice) ||
    Number(price) > 100_000 ||
    Number(attachmentPrice) > 100_000
  )
    return { error: 'paid.badAmount' };
  if (Number(price) > 0 && Number(attachmentPrice) > 0) return { error: 'paid.editorPriceHint' };
  const pct = Math.min(100, Math.max(0, Number(d?.freeWords || 0) || 0));
  return { price: Number(price), attachmentPrice: Number(attachmentPrice), freeWords: pct / 100 };
}

/** The price, attachment price and free-words inputs (shown with `thread.insertPay`). */
export function PriceEditor({
  value,
  onChange,
  variant,
}: {
  value: PayDraft | null | undefined;
  onChange: (v: PayDraft) => void;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const v = value ?? { price: '', attachmentPrice: '', freeWords: '' };
  const field = (key: keyof PayDraft, label: string, mode: 'decimal' | 'numeric') => (
    <label className="price-editor__field">
      <span>{label}</span>
      <Input
        variant={variant}
        inputMode={mode}
        value={v[key]}
        onChange={(x) => onChange({ ...v, [key]: x.replace(mode === 'numeric' ? /\D/g : /[^\d.]/g, '') })}
        data-testid={`editor-${key}`}
      />
    </label>
  );
  return (
    <fieldset className={`price-editor price-editor--${variant}`} data-testid="price-editor">
      <legend>{t('paid.editorPrice')}</legend>
      {field('price', t('paid.editorPriceLabel'), 'decimal')}
      {field('attachmentPrice', t('paid.editorAttachmentPriceLabel'), 'decimal')}
      {field('freeWords', t('paid.editorFreeWordsLabel'), 'numeric')}
      <p className="muted">{t('paid.editorPriceHint')}</p>
    </fieldset>
  );
}
