import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { FollowListItem, ProfileUser, ThreadItem } from '@forum/contracts';
import { Avatar } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { ThreadCard } from '../threads/thread-card.tsx';
import { shortDate } from '../threads/thread-text.ts';
import { PeopleButtons } from './people-buttons.tsx';
import { PeopleList } from './people-list.tsx';
import { PluginSlot } from '../../plugins/plugin-slot.tsx';
import { ReportButton } from '../report/report-button.tsx';
import { NotFoundView } from '../../app/status-pages.tsx';
import { resolveHead } from '../../app/head.ts';

const TABS = ['threads', 'likes', 'follows', 'fans'] as const;
type Tab = (typeof TABS)[number];

/** One tab's items: threads for the first two, people for the others. */
async function loadTab(userId: number, tab: Tab): Promise<ThreadItem[] | FollowListItem[]> {
  const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
  if (tab === 'follows' || tab === 'fans') {
    const res = await api.call(c.followList, {
      perPage: 50,
      filter: { type: tab === 'fans' ? 2 : 1, userId },
    });
    return res.Data?.pageData ?? [];
  }
  const filter =
    tab === 'likes' ? { complex: 2, toUserId: userId, sort: 1 } : { complex: 5, toUserId: userId, sort: 1 };
  const res = await api.call(c.threadList, { perPage: 20, filter, scope: 0 });
  return res.Data?.pageData ?? [];
}

/**
 * `/user/<id>` (spec §2): the profile header (avatar, name, group, signature, counts, follow / message / block),
 * then the tabs: threads (the pinned one first), likes, follows, fans. A member's page: read in the browser.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { platform, forum } = useSite();
  // Public profiles (the default, as in the original): guests read them too; a site that keeps them private
  // sends guests to log in.
  const publicProfiles = forum.otherPermissions.canViewUser;
  const isLogin = useRequireLogin(!publicProfiles);
  const mayView = isLogin || publicProfiles;
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const userId = Number(params.id);
  const tabParam = search.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'threads';
  const [user, setUser] = useState<ProfileUser | null>(null);
  const [missing, setMissing] = useState(false);
  const [items, setItems] = useState<ThreadItem[] | FollowListItem[] | null>(null);

  useEffect(() => {
    if (!mayView || !Number.isSafeInteger(userId) || userId <= 0) return;
    let live = true;
    void (async () => {
      const [api, { userDetail }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const res = await api.call(userDetail, { userId });
      if (!live) return;
      if (res.Code === 0 && res.Data) setUser(res.Data as ProfileUser);
      else setMissing(true);
    })();
    return () => {
      live = false;
    };
  }, [mayView, userId]);

  useEffect(() => {
    if (!mayView || !user) return;
    let live = true;
    setItems(null);
    void loadTab(user.userId, tab).then((list) => live && setItems(list));
    return () => {
      live = false;
    };
  }, [mayView, user?.userId, tab]);

  if (!mayView) return null;
  if (missing || !Number.isSafeInteger(userId) || userId <= 0) return <MissingUser variant={platform} />;
  if (!user) return <p className="panel muted">{t('people.loading')}</p>;
  const name = user.nickname || user.username;
  const own = forum.user?.userId === user.userId;
  const counts = [
    { key: 'threads', label: t('people.threads'), value: user.threadCount },
    { key: 'liked', label: t('people.liked'), value: user.likedCount },
    { key: 'follows', label: t('people.follows'), value: user.followCount },
    { key: 'fans', label: t('people.fans'), value: user.fansCount },
  ];
  return (
    <div className={`profile profile--${platform}`} data-testid="profile" data-user-id={user.userId}>
      <section
        className="profile-head"
        style={
          user.backgroundUrl ? { backgroundImage: `url(${JSON.stringify(user.backgroundUrl)})` } : undefined
        }
      >
        <div className="profile-head__inner">
          <Avatar image={user.avatarUrl} name={name} size="big" circle />
          <div className="profile-head__who">
            <h1 className="profile-head__name" data-testid="profile-name">
              {name}
              {user.group.isDisplay && <span className="tag">{user.group.name}</span>}
            </h1>
            <p className="profile-head__sig">{user.signature || t('people.noSignature')}</p>
            {user.joinedAt && (
              <p className="profile-head__joined muted">
                {t('people.joined', { date: shortDate(user.joinedAt, i18n.language) })}
              </p>
            )}
          </div>
          <div className="profile-head__actions">
            <PluginSlot target="plugin_user" hook="user_extension_action_hook" profileUser={user} />
            {own ? (
              <Link to="/my/edit" className="ui-button ui-button--default ui-button--small">
                {t('people.editProfile')}
              </Link>
            ) : (
              <>
                <PeopleButtons user={user} onChange={setUser} prefix="profile" />
                <ReportButton
                  target={{ type: 0, userId: user.userId }}
                  variant={platform}
                  testId="report-user"
                />
              </>
            )}
          </div>
        </div>
        <dl className="profile-head__counts">
          {counts.map((c) => (
            <div key={c.key}>
              <dd data-testid={`profile-count-${c.key}`}>{c.value}</dd>
              <dt>{c.label}</dt>
            </div>
          ))}
        </dl>
        {user.isDenied && <p className="profile-head__note">{t('people.blockedYou')}</p>}
      </section>
      <PluginSlot target="plugin_user" hook="user_extension_left_layout_hook" profileUser={user} />
      <nav className="profile-tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === tab}
            className={k === tab ? 'is-active' : undefined}
            onClick={() => setSearch(k === 'threads' ? {} : { tab: k }, { replace: true })}
            data-testid={`profile-tab-${k}`}
          >
            {t(`people.tab${k[0]!.toUpperCase()}${k.slice(1)}`)}
          </button>
        ))}
      </nav>
      <section className="panel profile-body">
        {tab === 'follows' || tab === 'fans' ? (
          <PeopleList people={items as FollowListItem[] | null} variant={platform} />
        ) : items === null ? (
          <p className="muted">{t('people.loading')}</p>
        ) : items.length === 0 ? (
          <p className="muted">{t(tab === 'likes' ? 'people.noLikes' : 'people.noThreads')}</p>
        ) : (
          (items as ThreadItem[]).map((th) => (
            <div key={th.threadId} className="profile-thread">
              {tab === 'threads' && th.threadId === user.pinnedThreadId && (
                <span className="tag tag--pin" data-testid="profile-pinned">
                  {t('people.pinned')}
                </span>
              )}
              <ThreadCard thread={th} variant={platform} />
            </div>
          ))
        )}
      </section>
    </div>
  );
}

/** A user that does not exist: the site's 404, titled as such (the page learns it in the browser, after the head). */
function MissingUser({ variant }: { variant: 'pc' | 'h5' }) {
  const { t } = useTranslation();
  const { forum } = useSite();
  const title = resolveHead({ title: t('notFound.title') }, forum.setSite, t('app.welcome')).title;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <NotFoundView variant={variant} />;
}
