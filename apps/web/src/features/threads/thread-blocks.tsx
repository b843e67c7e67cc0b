import type { ThreadItem } from '@forum/contracts';
import { TomId } from '@forum/contracts/constants';
import type { Variant } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** An uploaded video or audio file as the server presents it in the block body. */
interface MediaRef {
  url: string;
  fileName?: string;
  fileType?: string;
}

/** A goods card as stored (price in cents). */
interface GoodsRef {
  detailContent: string;
  title: string;
  price: number;
  imagePath: string;
}

// Only addresses the page may load: our own paths or http(s); anything else is dropped, not rendered.
const SAFE_URL = /^(\/(?!\/)|https?:\/\/)/i;

function mediaOf(body: unknown, key: 'video' | 'audio'): MediaRef | undefined {
  const m = (body as Record<string, unknown> | undefined)?.[key] as MediaRef | null | undefined;
  return m && typeof m.url === 'string' && SAFE_URL.test(m.url) ? m : undefined;
}

function goodsOf(body: unknown): GoodsRef | undefined {
  const g = body as Partial<GoodsRef> | undefined;
  if (!g || typeof g.detailContent !== 'string' || !/^https?:\/\//i.test(g.detailContent)) return undefined;
  return {
    detailContent: g.detailContent,
    title: String(g.title ?? ''),
    price: typeof g.price === 'number' ? g.price : 0,
    imagePath: typeof g.imagePath === 'string' && /^https?:\/\//i.test(g.imagePath) ? g.imagePath : '',
  };
}

/** The video, audio and goods blocks of a thread and its place (a thread field), ready to render. */
export function mediaBlocksOf(thread: ThreadItem) {
  const toms = Object.values(thread.content.indexes);
  const find = (id: number) => toms.find((x) => Number(x.tomId) === id)?.body;
  const p = thread.position;
  const place = [p.location, p.address].filter(Boolean).join(' · ');
  return {
    video: mediaOf(find(TomId.VIDEO), 'video'),
    audio: mediaOf(find(TomId.AUDIO), 'audio'),
    goods: goodsOf(find(TomId.GOODS)),
    place,
  };
}

/** A map pin, drawn inline; its label tells screen readers what the line is. */
function PinIcon({ label }: { label: string }) {
  return (
    <svg className="pin-icon" viewBox="0 0 24 24" width="14" height="14" role="img" aria-label={label}>
      <path
        fill="currentColor"
        d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
      />
    </svg>
  );
}

/** The video, audio, goods and place of a thread, under its text. */
export function ThreadMediaBlocks({ thread, variant }: { thread: ThreadItem; variant: Variant }) {
  const { t } = useTranslation();
  const b = mediaBlocksOf(thread);
  return (
    <>
      {b.video && thread.ability.canViewVideo && (
        <figure className={`media-block media-block--${variant}`} data-testid="video-block">
          <video controls preload="metadata" src={b.video.url} aria-label={t('thread.video')} />
        </figure>
      )}
      {b.audio && (
        <figure className={`media-block media-block--${variant}`} data-testid="audio-block">
          <audio controls preload="metadata" src={b.audio.url} aria-label={t('thread.audio')} />
          {b.audio.fileName && <figcaption className="muted">{b.audio.fileName}</figcaption>}
        </figure>
      )}
      {b.goods && (
        <a
          className={`goods-card goods-card--${variant}`}
          href={b.goods.detailContent}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          data-testid="goods-card"
        >
          {b.goods.imagePath && (
            <img src={b.goods.imagePath} alt="" loading="lazy" referrerPolicy="no-referrer" />
          )}
          <span className="goods-card__body">
            <span className="goods-card__title">{b.goods.title}</span>
            <span className="goods-card__price">¥{(b.goods.price / 100).toFixed(2)}</span>
            <span className="goods-card__go muted">{t('thread.goodsBuy')}</span>
          </span>
        </a>
      )}
      {b.place && (
        <p className="position-line muted" data-testid="position-line">
          <PinIcon label={t('thread.position')} />
          {b.place}
        </p>
      )}
    </>
  );
}
