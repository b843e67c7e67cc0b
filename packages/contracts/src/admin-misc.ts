import { z } from 'zod';
import { defineCall } from './call.js';

// Notification templates (issue 10 §9); the admin action log is in admin-actions.ts.

/** A template row as the admin edits it. */
export const notificationTpl = z.object({
  id: z.number().int(),
  noticeId: z.string(),
  typeName: z.string(),
  /** Channel: 0 system, 1 WeChat, 2 SMS, 3 WeCom, 4 mini-program. */
  type: z.number().int(),
  status: z.number().int(),
  /** The Chinese text (the site default). */
  title: z.string(),
  content: z.string(),
  /** The event's name in English (fixed; `typeName` is the original's Chinese name). */
  typeNameEn: z.string(),
  /** The English text English readers get; empty shows them the Chinese. */
  titleEn: z.string(),
  contentEn: z.string(),
  /** The variables the content may use, `{name: description}`. */
  vars: z.record(z.string(), z.string()),
});
/** A template. */
export type NotificationTpl = z.infer<typeof notificationTpl>;

/** `GET /api/notification.v2/tpl?name=&typeStatus=`: templates, by event name filter and status (spec §5: strings). */
export const notificationTplList = defineCall({
  method: 'GET',
  path: '/api/notification.v2/tpl',
  aliases: ['/api/backAdmin/notification/tpl'],
  summary: 'List notification templates',
  tags: ['admin'],
  input: z.object({
    name: z.string({ message: 'name is required' }).max(64),
    typeStatus: z.string({ message: 'typeStatus is required' }).max(10),
  }),
  output: z.array(notificationTpl),
});

/** `GET /api/notification.v2/tpl/detail?typeName=`: every channel's template of one event. */
export const notificationTplDetail = defineCall({
  method: 'GET',
  path: '/api/notification.v2/tpl/detail',
  aliases: ['/api/backAdmin/notification/tpl/detail'],
  summary: 'One event’s templates',
  tags: ['admin'],
  input: z.object({
    typeName: z
      .string({ message: 'typeName is required' })
      .min(1, { message: 'typeName is required' })
      .max(64),
  }),
  output: z.array(notificationTpl),
});

/**
 * `POST backAdmin/notification/tpl/update`: a template's Chinese or English title and content, or its status;
 * used by the next notification.
 */
export const notificationTplUpdate = defineCall({
  method: 'POST',
  path: '/api/backAdmin/notification/tpl/update',
  summary: 'Edit a notification template',
  tags: ['admin'],
  input: z.object({
    id: z.number().int().min(1),
    title: z.string().max(200).optional(),
    content: z.string().max(2000).optional(),
    titleEn: z.string().max(200).optional(),
    contentEn: z.string().max(2000).optional(),
    status: z.number().int().min(0).max(1).optional(),
  }),
  output: notificationTpl,
});
