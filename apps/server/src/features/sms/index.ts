import type { FastifyInstance } from 'fastify';
import type { Route } from '../../platform/http/router.js';
import type { ForumServices } from '../../services.js';
import { ConsoleSmsProvider, TencentSmsProvider, type SmsProvider } from './sms.providers.js';
import { registerSmsRoutes } from './sms.routes.js';
import { SmsService } from './sms.service.js';

export { SmsService } from './sms.service.js';
export { ConsoleSmsProvider } from './sms.providers.js';

/** Mounts text message codes; the provider is Tencent Cloud, or the server log with `SMS_PROVIDER=console`. */
export function mountSms(
  ctx: Pick<ForumServices, 'config' | 'settings' | 'database' | 'users' | 'groups'> & {
    app: FastifyInstance;
    route: Route;
  },
): SmsService {
  const s = ctx.settings;
  const provider: SmsProvider =
    ctx.config.smsProvider === 'console'
      ? new ConsoleSmsProvider(ctx.app.log)
      : new TencentSmsProvider(() => ({
          secretId: s.get('qcloud_secret_id'),
          secretKey: s.get('qcloud_secret_key'),
          sdkAppId: s.get('qcloud_sms_app_id'),
          signName: s.get('qcloud_sms_sign'),
          templateId: s.get('qcloud_sms_template_id'),
          region: s.get('qcloud_sms_region'),
          endpoint: s.get('qcloud_sms_endpoint'),
        }));
  const sms = new SmsService(ctx.database.db, s, ctx.users, ctx.groups, provider);
  registerSmsRoutes(ctx.route, sms);
  ctx.app.forum.smsOutbox = provider instanceof ConsoleSmsProvider ? provider : null;
  return sms;
}
