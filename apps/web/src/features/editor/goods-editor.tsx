import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, Input, type Variant } from '@forum/ui';
import type { GoodsBlockBody } from '@forum/contracts';

/** The goods card being written: the price as typed, in yuan (stored in cents). */
export interface GoodsDraft {
  url: string;
  title: string;
  price: string;
  image: string;
}

/** An empty card. */
export function newGoods(): GoodsDraft {
  return { url: '', title: '', price: '', image: '' };
}

const WEB_URL = /^https?:\/\/[^\s/]+/i;
const YUAN = /^\d{1,7}(\.\d{1,2})?$/;

/** The first problem of a card as an i18n key, or null when it can be sent (the server checks again). */
export function goodsProblem(g: GoodsDraft): string | null {
  if (!WEB_URL.test(g.url.trim())) return 'editor.goodsUrlInvalid';
  if (!g.title.trim()) return 'editor.goodsTitleMissing';
  if (!YUAN.test(g.price.trim())) return 'editor.goodsPriceInvalid';
  if (g.image.trim() && !WEB_URL.test(g.image.trim())) return 'editor.goodsImageInvalid';
  return null;
}

/** Yuan as typed ("19.9") to integer cents (1990) without floating-point drift. */
export function yuanToCents(yuan: string): number {
  const [whole = '0', frac = ''] = yuan.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

/** Integer cents to the yuan text shown ("19.90"). */
export function centsToYuan(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The block body sent to the server. */
export function goodsToBody(g: GoodsDraft): GoodsBlockBody {
  return {
    detailContent: g.url.trim(),
    title: g.title.trim(),
    price: yuanToCents(g.price),
    imagePath: g.image.trim(),
    platformId: '',
  };
}

/** The editor state of a stored card (edit mode). */
export function goodsFromBody(body: unknown): GoodsDraft {
  const b = (body ?? {}) as Partial<GoodsBlockBody>;
  return {
    url: String(b.detailContent ?? ''),
    title: String(b.title ?? ''),
    price: typeof b.price === 'number' ? centsToYuan(b.price) : '',
    image: String(b.imagePath ?? ''),
  };
}

/**
 * The goods card form. The author types the title, price and picture: nothing fetches the product page
 * (the server would be making requests to addresses users choose).
 */
export function GoodsEditor({
  goods,
  onChange,
  onRemove,
  variant,
}: {
  goods: GoodsDraft;
  onChange: (g: GoodsDraft) => void;
  onRemove: () => void;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const field = (
    key: keyof GoodsDraft,
    label: string,
    max: number,
    inputMode: 'decimal' | 'url' | 'text',
  ) => (
    <label className="block-editor__field">
      <span>{label}</span>
      <Input
        variant={variant}
        name={`goods-${key}`}
        value={goods[key]}
        onChange={(v) => onChange({ ...goods, [key]: v })}
        maxLength={max}
        inputMode={inputMode}
        {...(inputMode === 'decimal' && { append: t('editor.yuan') })}
      />
    </label>
  );
  return (
    <fieldset className={`block-editor block-editor--${variant}`} data-testid="goods-editor">
      <legend>{t('editor.goods')}</legend>
      {field('url', t('editor.goodsUrl'), 500, 'url')}
      {field('title', t('editor.goodsTitle'), 200, 'text')}
      {field('price', t('editor.goodsPrice'), 10, 'decimal')}
      {field('image', t('editor.goodsImage'), 500, 'url')}
      <Button size="small" kind="text" variant={variant} onClick={onRemove}>
        {t('editor.removeBlock')}
      </Button>
    </fieldset>
  );
}
