import { useEffect, useState } from 'react';
import { emojiList, topicsList, usersList, type TopicItem, type UserSearchItem } from '@forum/contracts';
import { Avatar, type Variant } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** The pickers of the editor's toolbar. */
export type PickerKind = 'emoji' | 'mention' | 'topic';

interface Emoji {
  code: string;
  url: string;
}

// The emoji set changes only when an administrator edits it: fetched once per page.
let emojiSet: Promise<Emoji[]> | undefined;
function loadEmoji(): Promise<Emoji[]> {
  emojiSet ??= getBrowserApi()
    .then((api) => api.call(emojiList, {}))
    .then((r) => r.Data ?? []);
  return emojiSet;
}

/** One emoji: its image, or its code when the image does not load. */
function EmojiButton({ emoji, onPick }: { emoji: Emoji; onPick: (text: string) => void }) {
  const [broken, setBroken] = useState(false);
  return (
    <button
      type="button"
      title={emoji.code}
      data-testid="emoji-option"
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onPick(emoji.code)}
    >
      {broken ? emoji.code : <img src={emoji.url} alt={emoji.code} onError={() => setBroken(true)} />}
    </button>
  );
}

/** The emoji of the site (`GET emoji`); a pick writes its `:code:`, the form the server keeps in the text. */
function EmojiGrid({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Emoji[] | null>(null);
  useEffect(() => {
    void loadEmoji().then(setList);
  }, []);
  if (!list) return <p className="muted">{t('editor.loading')}</p>;
  return (
    <div className="editor-picker__emoji">
      {list.map((e) => (
        <EmojiButton key={e.code} emoji={e} onPick={onPick} />
      ))}
    </div>
  );
}

/** Results of a search box, asked again 250 ms after the last keystroke. */
function useSearch<T>(query: string, find: (q: string) => Promise<T[]>): T[] | null {
  const [hits, setHits] = useState<T[] | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => void find(query).then((h) => live && setHits(h)), 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `find` is a module-level function per picker.
  }, [query]);
  return hits;
}

async function findUsers(q: string): Promise<UserSearchItem[]> {
  if (!q.trim()) return [];
  const api = await getBrowserApi();
  return (
    (await api.call(usersList, { page: 1, perPage: 10, filter: { keyword: q.trim() } })).Data?.pageData ?? []
  );
}

async function findTopics(q: string): Promise<TopicItem[]> {
  const api = await getBrowserApi();
  const filter = q.trim() ? { content: q.trim() } : {};
  return (await api.call(topicsList, { page: 1, perPage: 10, sortBy: 2, filter })).Data?.pageData ?? [];
}

/** A topic name as the server reads `#name#`: no #, no angle brackets, no line break, at most 20 characters. */
function topicName(q: string): string {
  return [...q.replace(/[#<>\r\n]/g, '').trim()].slice(0, 20).join('');
}

/** Search box and hit list shared by the mention and topic pickers; Enter picks the first hit, Escape closes. */
function SearchPicker<T>({
  kind,
  find,
  label,
  text,
  extra,
  onPick,
  onClose,
}: {
  kind: 'mention' | 'topic';
  find: (q: string) => Promise<T[]>;
  label: (hit: T) => React.ReactNode;
  text: (hit: T) => string;
  extra?: (q: string, hits: T[]) => string | null;
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const hits = useSearch(query, find);
  const more = hits && extra ? extra(query, hits) : null;
  const first = hits?.[0] ? text(hits[0]) : more;
  return (
    <div className="editor-picker__search">
      <input
        // The picker opens on purpose: the search box takes the keyboard at once.
        autoFocus
        name={`${kind}-search`}
        value={query}
        placeholder={t(`editor.${kind}Search`)}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
          if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
            e.preventDefault();
            if (first) onPick(first);
          }
        }}
      />
      {hits === null ? (
        <p className="muted">{t('editor.loading')}</p>
      ) : (
        <ul>
          {hits.map((h, i) => (
            <li key={i}>
              <button
                type="button"
                data-testid={`${kind}-option`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onPick(text(h))}
              >
                {label(h)}
              </button>
            </li>
          ))}
          {more && (
            <li>
              <button type="button" data-testid={`${kind}-new`} onClick={() => onPick(more)}>
                {t('editor.topicNew', { name: more.trim() })}
              </button>
            </li>
          )}
          {hits.length === 0 && !more && <li className="muted">{t(`editor.${kind}None`)}</li>}
        </ul>
      )}
    </div>
  );
}

/** The open picker under the toolbar; `onPick` gets the text to write at the cursor. */
export function EditorPicker({
  kind,
  variant,
  onPick,
  onClose,
}: {
  kind: PickerKind;
  variant: Variant;
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  return (
    <div className={`editor-picker editor-picker--${variant}`} data-testid={`${kind}-picker`}>
      {kind === 'emoji' && <EmojiGrid onPick={onPick} />}
      {kind === 'mention' && (
        <SearchPicker<UserSearchItem>
          kind="mention"
          find={findUsers}
          // `@nickname` followed by a space: the server's mention parser ends a name at whitespace.
          text={(u) => `@${u.nickname} `}
          label={(u) => (
            <>
              <Avatar image={u.avatar} name={u.nickname} size="small" circle /> {u.nickname}
              <span className="muted"> {u.username}</span>
            </>
          )}
          onPick={onPick}
          onClose={onClose}
        />
      )}
      {kind === 'topic' && (
        <SearchPicker<TopicItem>
          kind="topic"
          find={findTopics}
          text={(x) => `#${x.content}# `}
          label={(x) => `#${x.content}#`}
          // A name no topic has yet becomes a new topic when the thread is published.
          extra={(q, hits) => {
            const name = topicName(q);
            if (!name || hits.some((h) => h.content.toLowerCase() === name.toLowerCase())) return null;
            return `#${name}# `;
          }}
          onPick={onPick}
          onClose={onClose}
        />
      )}
    </div>
  );
}
