import {
  adminActionAdmins,
  adminActionKindOf,
  adminActionPaths,
  adminActions,
  dashboardChart,
  groupCreate,
  groupResource,
  groupsBatchDelete,
  groupsBatchUpdate,
  groupsBatchUpdateV2,
  groupsList,
  permissionUpdate,
  settingsGetV2,
  settingsList,
  settingsLogo,
  settingsLogoUpload,
  siteFile,
  settingsLogoDelete,
  settingsSet,
  settingsSetV2,
  siteInfo,
} from '@forum/contracts';
import type { Db } from '../../platform/db/db.js';
import { readOneFile, sendPublicPng } from '../../platform/http/upload.js';
import {
  openSitePicture,
  sitePictureUrl,
  SITE_FILE_MAX_BYTES,
  storeSitePicture,
  type SiteFileStorage,
} from './site-files.js';
import type { Route } from '../../platform/http/router.js';
import { actionAdmins, dailyCounts, listAdminActions } from './admin.repository.js';
import type { GroupsAdmin } from './groups-admin.service.js';
import type { SettingsAdmin } from './settings-admin.service.js';

/** Mounts the administrator's settings, site, group and log calls; every one is `admin`: -4002 for anyone else. */
export function registerAdminRoutes(
  route: Route,
  d: { db: Db; settings: SettingsAdmin; groups: GroupsAdmin; files: SiteFileStorage },
): void {
  const admin = { admin: true };
  route(settingsSetV2, admin, async (input) => ({ updated: await d.settings.set(input.data) }));
  route(settingsSet, admin, async (input) => ({ updated: await d.settings.set(input.data) }));
  route(settingsGetV2, admin, async (input) => d.settings.get(input.key, input.tag));
  route(settingsList, admin, async (input) => d.settings.list(input.tag));
  route(settingsLogo, admin, async (input) => d.settings.picture(input.type, input.logo));
  route(settingsLogoDelete, admin, async (input) => d.settings.picture(input.type, ''));
  route(siteInfo, admin, async () => d.settings.info());
  route(settingsLogoUpload, admin, async (input, { req }) => {
    const { data } = await readOneFile(req, SITE_FILE_MAX_BYTES, 'logo');
    return d.settings.picture(input.type, await storeSitePicture(d.files, input.type, data));
  });
  route(siteFile, { keepsGuestCache: true }, async (_input, { req, reply }) => {
    const file = (req.params as { file: string }).file;
    // An address saved before a CDN was set still works: it now points on to the CDN.
    const direct = sitePictureUrl(d.files, file);
    if (direct) {
      await reply.redirect(direct, 302);
      return null;
    }
    return sendPublicPng(reply, await openSitePicture(d.files, file));
  });

  route(dashboardChart, admin, async (input) => dailyCounts(d.db, input.days));

  route(groupsList, admin, async () => d.groups.list());
  route(groupResource, admin, async (input) => d.groups.resource(input.id, input.include));
  route(groupCreate, admin, async (input) => d.groups.create(input));
  route(groupsBatchUpdateV2, admin, async (input) => d.groups.batchUpdate(input.data));
  route(groupsBatchUpdate, admin, async (input) => d.groups.batchUpdate(input.data));
  route(groupsBatchDelete, admin, async (input) => ({
    deleted: await d.groups.batchDelete(input.ids.split(',').map(Number)),
  }));
  route(permissionUpdate, admin, async (input) => d.groups.setPermissions(input.groupId, input.permissions));

  route(adminActions, admin, async (input) => {
    const filter = {
      userId: input.userId,
      paths: input.action ? adminActionPaths(input.action) : undefined,
      day: input.day,
    };
    const { rows, total } = await listAdminActions(
      d.db,
      filter,
      input.perPage,
      (input.page - 1) * input.perPage,
    );
    return {
      pageData: rows.map((r) => ({
        id: r.a.id,
        userId: r.a.userId,
        username: r.username ?? '',
        action: adminActionKindOf(r.a.path),
        path: r.a.path,
        input: r.a.input,
        ip: r.a.ip,
        createdAt: r.a.createdAt.toISOString(),
      })),
      currentPage: input.page,
      perPage: input.perPage,
      totalCount: total,
      totalPage: Math.ceil(total / input.perPage),
    };
  });
  route(adminActionAdmins, admin, async () => actionAdmins(d.db));
}
