import { useCallback, useEffect, useState } from 'react';
import { data, Link, NavLink, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { FollowListItem, ThreadItem } from '@forum/contracts';
import { Avatar, Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { PeopleList } from '../people/people-list.tsx';
import { ThreadCard } from '../threads/thread-card.tsx';
import { MySettings } from './my-settings.tsx';
import { PurchasesList } from '../paid/purchases-list.tsx';
import { memberLinks } from '../../layouts/member-links.ts';

/** The personal centre's sections, by path under /my (the original's page names). */
const SECTIONS = [
  { path: '', key: 'threads' },
  { path: 'draft', key: 'drafts' },
  { path: 'like', key: 'likes' },
  { path: 'collect', key: 'favorites' },
  { path: 'buy', key: 'purchases' },
  { path: 'follows', key: 'follows' },
  { path: 'fans', key: 'fans' },
  { path: 'block', key: 'blocks' },
  { path: 'edit', key: 'settings' },
] as const;
type Section = (typeof SECTIONS)[number];

/** `thread.list` `complex` of each thread section (reference: 1 drafts, 2 likes, 3 favourites, 5 mine). */
const COMPLEX: Partial<Record<Section['key'], number>> = { threads: 5, drafts: 1, likes: 2, favorites: 3 };

/** A section's title key (purchases are the paid-content namespace's). */
const labelKey = (s: Section) => (s.key === 'purchases' ? 'paid.purchases' : `my.${s.key}`);

function sectionOf(pathname: string): Section | null {
  const rest = pathname.replace(/^\/my\/?/, '').replace(/\/$/, '');
  return SECTIONS.find((s) => s.path === rest) ?? null;
}

/** `/my/<anything else>` is the site's 404 (status and page), not an empty personal centre. */
export function loader({ request }: LoaderFunctionArgs): null {
  if (!sectionOf(new URL(request.url).pathname)) throw data({ reason: 'notFound' }, { status: 404 });
  return null;
}

/** One thread section (mine, drafts, likes, favourites). */
function ThreadSection({ complex, drafts }: { complex: number; drafts: boolean }) {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [items, setItems] = useState<ThreadItem[] | null>(null);
  useEffect(() => {
    let live = true;
    setItems(null);
    void (async () => {
      const [api, { threadList }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const res = await api.call(threadList, { perPage: 20, filter: { complex, sort: 1 }, scope: 0 });
      if (live) setItems(res.Data?.pageData ?? []);
    })();
    return () => {
      live = false;
    };
  }, [complex]);
  if (items === null) return <p className="muted">{t('people.loading')}</p>;
  if (!items.length) return <p className="muted">{t('my.empty')}</p>;
  return (
    <div data-testid="my-threads">
      {items.map((th) => (
        <div key={th.threadId} className="profile-thread">
          <ThreadCard thread={th} variant={platform} />
          {drafts && (
            <Link to={`/thread/post?id=${th.threadId}`} className="my-draft-edit">
              {t('my.editDraft')}
            </Link>
          )}
        </div>
      ))}
    </div>
  );
}

/** Follows, fans or blocks; blocks carry an unblock button. */
function PeopleSection({ kind }: { kind: 'follows' | 'fans' | 'blocks' }) {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [people, setPeople] = useState<FollowListItem[] | null>(null);
  const load = useCallback(async () => {
    const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res =
      kind === 'blocks'
        ? await api.call(c.denyList, { perPage: 50 })
        : await api.call(c.followList, { perPage: 50, filter: { type: kind === 'fans' ? 2 : 1 } });
    setPeople(res.Data?.pageData ?? []);
  }, [kind]);
  useEffect(() => {
    setPeople(null);
    void load();
  }, [load]);
  const unblock = async (p: FollowListItem) => {
    const [api, { denyDelete }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(denyDelete, { id: p.userId });
    if (res.Code !== 0) return console.error('unblock failed', res.Code, res.Message);
    toast.success(t('people.unblocked'), { duration: 1000, mask: false });
    setPeople((list) => (list ?? []).filter((x) => x.userId !== p.userId));
  };
  return (
    <PeopleList
      people={people}
      variant={platform}
      action={
        kind === 'blocks'
          ? (p) => (
              <Button size="small" onClick={() => void unblock(p)} data-testid="my-unblock">
                {t('my.unblock')}
              </Button>
            )
          : undefined
      }
    />
  );
}

function SectionBody({ section }: { section: Section }) {
  if (section.key === 'settings') return <MySettings />;
  if (section.key === 'purchases') return <PurchasesList />;
  if (section.key === 'follows' || section.key === 'fans' || section.key === 'blocks')
    return <PeopleSection kind={section.key} />;
  return <ThreadSection complex={COMPLEX[section.key]!} drafts={section.key === 'drafts'} />;
}

/**
 * `/my/*` (spec §2 personal centre): who I am with my counts, then my threads, drafts, likes, favourites,
 * follows, fans, blocks and account settings. On a computer the sections are a side menu; on a phone `/my` is
 * the menu and each section its own page.
 */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum, logout } = useSite();
  const navigate = useNavigate();
  const isLogin = useRequireLogin();
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  const me = forum.user;
  if (!isLogin || !me) return null;
  const name = me.nickname || me.username;
  // Leave this page (it needs login) before the guest state arrives, or it would send the user to login.
  const leave = async () => {
    await navigate('/');
    await logout();
  };
  const menu = (
    <nav className={`my-menu my-menu--${platform}`} aria-label={t('my.title')}>
      {SECTIONS.map((s) => (
        <NavLink key={s.key} to={s.path ? `/my/${s.path}` : '/my'} end data-testid={`my-nav-${s.key}`}>
          {t(labelKey(s))}
        </NavLink>
      ))}
    </nav>
  );
  // Wallet, messages, invite, paid groups, renew and the admin area: pages of their own, linked from here.
  const more = (
    <nav className={`my-menu my-menu--${platform} my-more`} aria-label={t('nav.more')} data-testid="my-more">
      {memberLinks(forum).map((l) =>
        l.external ? (
          <a key={l.key} href={l.to} data-testid={`my-link-${l.key}`}>
            {t(l.label)}
          </a>
        ) : (
          <Link key={l.key} to={l.to} data-testid={`my-link-${l.key}`}>
            {t(l.label)}
          </Link>
        ),
      )}
    </nav>
  );
  const head = (
    <section className="my-head panel" data-testid="my-head">
      <Avatar image={me.avatarUrl} name={name} size={platform === 'pc' ? 'big' : 'medium'} circle />
      <div className="my-head__who">
        <p className="my-head__name" data-testid="hello">
          {t('placeholder.hello', { name })}
        </p>
        <p className="muted my-head__sig">{me.signature || t('people.noSignature')}</p>
        <dl className="my-head__counts">
          <div>
            <dd>{me.threadCount}</dd>
            <dt>{t('people.threads')}</dt>
          </div>
          <div>
            <dd>{me.likedCount}</dd>
            <dt>{t('people.liked')}</dt>
          </div>
          <div>
            <dd>{me.followCount}</dd>
            <dt>{t('people.follows')}</dt>
          </div>
          <div>
            <dd>{me.fansCount}</dd>
            <dt>{t('people.fans')}</dt>
          </div>
        </dl>
      </div>
      <Link to={`/user/${me.userId}`} className="my-head__profile">
        {t('my.viewProfile')}
      </Link>
    </section>
  );
  // The loader answers an unknown section with the 404 page; this is only a guard.
  if (!section) return null;
  if (platform === 'h5') {
    // The phone's /my is the menu; a section is its own page.
    const home = pathname.replace(/\/$/, '') === '/my';
    return (
      <div className="my my--h5" data-testid="my">
        {home && (
          <>
            {head}
            {menu}
            {more}
          </>
        )}
        <section className="panel my-body" data-section={section.key}>
          <h1 className="panel__title">{t(labelKey(section))}</h1>
          <SectionBody section={section} />
        </section>
        {home && (
          // The phone header has no user menu: logging out lives here.
          <div className="my-logout">
            <Button variant="h5" full onClick={() => void leave()} data-testid="my-logout">
              {t('nav.logout')}
            </Button>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="my my--pc" data-testid="my">
      {head}
      <div className="my__layout">
        <div className="my__side">
          {menu}
          {more}
        </div>
        <section className="panel my-body" data-section={section.key}>
          <h1 className="panel__title">{t(labelKey(section))}</h1>
          <SectionBody section={section} />
        </section>
      </div>
    </div>
  );
}
