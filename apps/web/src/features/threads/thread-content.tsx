import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ThreadItem } from '@forum/contracts';
import { TomId } from '@forum/contracts/constants';
import type { Variant } from '@forum/ui';
import { ThreadMediaBlocks } from './thread-blocks.tsx';
import { ThreadMoneyBlocks } from './money-blocks.tsx';
import { VoteBlock, type VoteData } from './vote-block.tsx';
import { imagesNotInline } from './thread-text.ts';

/** An image or file of a block, when the server expands the block into addresses. */
interface FileRef {
  id?: number;
  url: string;
  thumbUrl?: string;
  fileName?: string;
}

function filesOf(body: unknown, keys: string[]): FileRef[] {
  const b = (body ?? {}) as Record<string, unknown>;
  for (const k of keys) {
    const list = b[k];
    if (Array.isArray(list)) {
      return list.filter(
        (f): f is FileRef =>
          typeof (f as FileRef)?.url === 'string' && /^(\/|https?:\/\/)/.test((f as FileRef).url),
      );
    }
  }
  return [];
}

/** The blocks of a thread by type (the first of each; the server allows one per type). */
export function blocksOf(thread: ThreadItem) {
  const toms = Object.values(thread.content.indexes);
  const find = (id: number) => toms.find((x) => Number(x.tomId) === id)?.body;
  const vote = find(TomId.VOTE) as VoteData | undefined;
  return {
    images: filesOf(find(TomId.IMAGE), ['images', 'imageList', 'files']),
    files: filesOf(find(TomId.ATTACHMENT), ['docs', 'files', 'attachments']),
    vote: vote && Array.isArray(vote.subitems) ? vote : undefined,
  };
}

/** Full-size view of one image; a click anywhere closes it. */
function Lightbox({ src, onClose }: { src: string; onClose: () => void }) {
  return (
    <div className="lightbox" role="dialog" onClick={onClose} data-testid="lightbox">
      <img src={src} alt="" />
    </div>
  );
}

/**
 * The thread body. The HTML comes from the server's allow-list sanitiser (apps/server platform/content/sanitize), which
 * is the only reason it may be set with dangerouslySetInnerHTML; blocks are rendered as React text.
 */
export function ThreadContent({ thread, variant }: { thread: ThreadItem; variant: Variant }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<string | null>(null);
  const blocks = blocksOf(thread);
  const gallery = imagesNotInline(thread.content.text, blocks.images);
  const navigate = useNavigate();
  const onClick = (e: MouseEvent) => {
    const el = e.target as HTMLElement;
    // Topic links are stored with target=_blank (the sanitiser's rule for every link); on our own page they
    // open in place without a reload. Modified clicks keep the browser's behaviour (new tab and so on).
    const topic = el.closest('a.topic');
    const to = topic?.getAttribute('href') ?? '';
    if (/^\/topic\/\d+$/.test(to) && e.button === 0 && !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) {
      e.preventDefault();
      void navigate(to);
      return;
    }
    // Emoji are part of the text, not pictures to enlarge.
    if (el.tagName === 'IMG' && !el.classList.contains('emoji')) setZoom((el as HTMLImageElement).src);
  };
  return (
    <div className={`thread-content thread-content--${variant}`}>
      <div
        className="rich-text"
        data-testid="thread-body"
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: thread.content.text }}
      />
      {gallery.length > 0 && (
        <div className={`gallery gallery--${variant}`} aria-label={t('thread.images')}>
          {gallery.map((img, i) => (
            <button key={img.id ?? i} type="button" onClick={() => setZoom(img.url)}>
              <img src={img.thumbUrl || img.url} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
      <ThreadMediaBlocks thread={thread} variant={variant} />
      <ThreadMoneyBlocks thread={thread} variant={variant} />
      {blocks.files.length > 0 && thread.ability.canViewAttachment && (
        <section className="attachments">
          <h3 className="panel__title">{t('thread.attachments')}</h3>
          <ul>
            {blocks.files.map((f, i) => (
              <li key={f.id ?? i}>
                {thread.ability.canDownloadAttachment ? (
                  <a href={f.url} download>
                    {f.fileName || f.url}
                  </a>
                ) : (
                  <span>{f.fileName}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {blocks.vote && <VoteBlock threadId={thread.threadId} initial={blocks.vote} variant={variant} />}
      {zoom && <Lightbox src={zoom} onClose={() => setZoom(null)} />}
    </div>
  );
}
