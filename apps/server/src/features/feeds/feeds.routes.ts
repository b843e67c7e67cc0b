import { GroupId } from '@forum/contracts';
import type { FastifyInstance } from 'fastify';
import type { Gate } from '../../platform/access/gate.js';
import { guestActor } from '../../platform/auth/actor.js';
import type { Database } from '../../platform/db/db.js';
import { categories } from '../categories/index.js';
import type { GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import { latestPublicThreads } from './feeds.repository.js';
import { rssXml, sitemapXml } from './feeds.xml.js';
import { siteOrigin } from '../../platform/http/site-origin.js';

const SITEMAP_LIMIT = 10_000;
const RSS_LIMIT = 30;
const CACHE_MS = 60_000;

interface Deps {
  app: FastifyInstance;
  database: Database;
  gate: Gate;
  groups: GroupsService;
  settings: SettingsService;
  config: { publicUrl: string | undefined };
}

/** Mounts /sitemap.xml, /rss.xml and /robots.txt: what a guest may see, cached for a minute. */
export function registerFeedsRoutes(deps: Deps): void {
  const { app, database, gate, groups, settings } = deps;
  const cache = new Map<string, { at: number; body: string }>();

  const origin = siteOrigin(settings, deps.config.publicUrl);

  async function guestCategoryIds(): Promise<number[]> {
    const guest = guestActor(groups.permissions(GroupId.GUEST));
    const all = await database.db.select({ id: categories.id }).from(categories);
    return all.map((c) => c.id).filter((id) => gate.can(guest, 'viewThreads', { categoryId: id }));
  }

  async function cached(key: string, build: () => Promise<string>): Promise<string> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.body;
    const body = await build();
    cache.set(key, { at: Date.now(), body });
    return body;
  }

  app.get('/sitemap.xml', async (req, reply) => {
    const o = origin(req);
    const body = await cached(`sitemap:${o}`, async () =>
      sitemapXml(o, await latestPublicThreads(database.db, await guestCategoryIds(), SITEMAP_LIMIT, false)),
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });

  app.get('/rss.xml', async (req, reply) => {
    const o = origin(req);
    const body = await cached(`rss:${o}`, async () => {
      const site = {
        name: settings.get('site_name') || 'Forum',
        description: settings.get('site_introduction') || settings.get('site_name') || 'Forum',
      };
      return rssXml(
        o,
        site,
        await latestPublicThreads(database.db, await guestCategoryIds(), RSS_LIMIT, true),
      );
    });
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });

  app.get('/robots.txt', async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nDisallow: /api/\nDisallow: /admin\nDisallow: /user/\nSitemap: ${origin(req)}/sitemap.xml\n`,
      ),
  );
}
