import { Code, type DialogItem, type DialogMessageItem, type Page } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Bus } from '../../platform/cache/bus.js';
import type { Db, Tx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import { AttachmentType, type AttachmentsService } from '../attachments/index.js';
import type { GroupsService } from '../groups/index.js';
import { appendUnread, appendUserEvent, appendUserEvents, wakeUsers } from '../realtime/index.js';
import type { StopWordsService } from '../stop-words/index.js';
import { presentPublicUser } from '../users/index.js';
import {
  blocksBetween,
  deleteDialogSide,
  findDialog,
  findDialogOfPair,
  insertMessage,
  listDialogs,
  listMessages,
  lockDialogOfPair,
  markDialogRead,
  messagesById,
  setMessageImage,
  sideOf,
  userExists,
  usersWithGroup,
  type DialogRow,
  type MessageRow,
} from './dialogs.repository.js';
import { pageReply } from '../../platform/http/page.js';

/** What a message carries in. */
export interface MessageInput {
  messageText: string;
  attachmentId?: number;
}

/** The stop word an administrator sets to BANNED in the dialog scope to switch messaging off (reference §1.7). */
const SWITCH_WORD = '{1}';

/** Control characters other than line breaks and tabs never belong in a message. */
// eslint-disable-next-line no-control-regex -- these are exactly what is removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A message as one side sees it. */
export function presentMessage(m: MessageRow, viewerId: number): DialogMessageItem {
  return {
    id: m.id,
    dialogId: m.dialogId,
    userId: m.userId,
    messageText: m.messageText,
    imageUrl: m.imageUrl,
    createdAt: m.createdAt.toISOString(),
    isMine: m.userId === viewerId,
  };
}

/**
 * Private messages (reference §1.7, issue 9 §5): one dialog per pair, each side with its own read and deletion
 * marks. A message, its dialog's counters and both sides' realtime events are one transaction; the sides'
 * connections are woken after the commit.
 */
export class DialogsService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly gate: Gate,
    private readonly groups: GroupsService,
    private readonly stopWords: StopWordsService,
    private readonly files: AttachmentsService,
  ) {}

  /** `dialog.create`: a message to a user. */
  async sendTo(actor: Actor, recipientId: number, input: MessageInput) {
    const me = this.mayWrite(actor);
    if (recipientId === me) throw invalid('recipientUserId: you cannot message yourself');
    if (!(await userExists(this.db, recipientId))) throw notFound('recipientUserId: no such user');
    return this.send(me, recipientId, null, input);
  }

  /** `dialog/message.create`: a message in one of my dialogs. */
  async sendIn(actor: Actor, dialogId: number, input: MessageInput) {
    const me = this.mayWrite(actor);
    const d = await findDialog(this.db, dialogId);
    const side = d && sideOf(d, me);
    if (!d || !side) throw notFound();
    return this.send(me, side.other, d, input);
  }

  /** `dialog`: my dialogs, latest first, each with the other side, its latest message and my unread count. */
  async list(actor: Actor, page: number, perPage: number): Promise<Page<DialogItem>> {
    const me = actor.userId!;
    const { rows, total } = await listDialogs(this.db, me, perPage, (page - 1) * perPage);
    const [people, last] = await Promise.all([
      usersWithGroup(this.db, [me, ...rows.map((d) => sideOf(d, me)!.other)]),
      messagesById(this.db, rows.map((d) => d.lastMessageId!).filter(Boolean)),
    ]);
    const self = people.get(me);
    const pageData: DialogItem[] = [];
    for (const d of rows) {
      const side = sideOf(d, me)!;
      const other = people.get(side.other);
      if (!other) continue;
      const m = last.get(d.lastMessageId!);
      const lastMessage = m ? presentMessage(m, me) : null;
      const otherCard = this.person(other);
      const myCard = self ? this.person(self) : otherCard;
      pageData.push({
        dialogId: d.id,
        user: otherCard,
        lastMessage,
        unreadCount: side.mine === 'sender' ? d.senderUnread : d.recipientUnread,
        updatedAt: d.updatedAt.toISOString(),
        id: d.id,
        dialogMessageId: d.lastMessageId ?? 0,
        senderUserId: d.senderUserId,
        recipientUserId: d.recipientUserId,
        sender: side.mine === 'sender' ? myCard : otherCard,
        recipient: side.mine === 'sender' ? otherCard : myCard,
        dialogMessage: lastMessage && { ...lastMessage, summary: lastMessage.messageText.slice(0, 100) },
      });
    }
    return pageReply(pageData, page, perPage, total);
  }

  /** `dialog/message`: newest first, page `page` of `perPage`, counted from a cursor when given. */
  async messages(
    actor: Actor,
    q: { dialogId: number; beforeId: number | undefined; page: number; perPage: number },
  ) {
    const me = actor.userId!;
    const { page, perPage } = q;
    const d = await findDialog(this.db, q.dialogId);
    const side = d && sideOf(d, me);
    if (!d || !side) throw notFound();
    const [{ rows, total }, people] = await Promise.all([
      listMessages(this.db, d, me, q.beforeId, perPage, (page - 1) * perPage),
      usersWithGroup(this.db, [side.other, me]),
    ]);
    const other = people.get(side.other);
    if (!other) throw notFound();
    const card = (p: typeof other) => ({
      userId: p.user.id,
      nickname: p.user.nickname || p.user.username,
      avatar: p.user.avatar,
    });
    const cards = new Map([[side.other, card(other)]]);
    const self = people.get(me);
    if (self) cards.set(me, card(self));
    const pageData = rows.map((m) => ({ ...presentMessage(m, me), user: cards.get(m.userId) }));
    return {
      ...pageReply(pageData, page, perPage, total),
      hasMore: page * perPage < total,
      user: this.person(other),
    };
  }

  /** `dialog.update`: my side read; my other tabs hear it. */
  async read(actor: Actor, dialogId: number) {
    const me = actor.userId!;
    await inTransaction(this.db, async (tx) => {
      const d = await findDialog(tx, dialogId, true);
      const side = d && sideOf(d, me);
      if (!d || !side) throw notFound();
      await markDialogRead(tx, d, side.mine);
      await appendUserEvent(tx, me, 'dialog.read', { dialogId });
      await appendUnread(tx, me);
    });
    wakeUsers(this.bus, [me]);
    return { dialogId, unreadCount: 0 as const };
  }

  /** `dialog.delete`: gone from my side only; a new message brings it back with only what follows. */
  async remove(actor: Actor, dialogId: number) {
    const me = actor.userId!;
    await inTransaction(this.db, async (tx) => {
      const d = await findDialog(tx, dialogId, true);
      const side = d && sideOf(d, me);
      if (!d || !side) throw notFound();
      await deleteDialogSide(tx, d, side.mine);
      await appendUserEvent(tx, me, 'dialog.delete', { dialogId });
      await appendUnread(tx, me);
    });
    wakeUsers(this.bus, [me]);
    return { dialogId };
  }

  /** `dialog.record`: my dialog with a user (null when none yet). */
  async record(actor: Actor, userId: number) {
    const me = actor.userId!;
    const people = await usersWithGroup(this.db, [userId]);
    const other = people.get(userId);
    if (!other) throw notFound();
    const d = userId === me ? null : await findDialogOfPair(this.db, me, userId);
    return { dialogId: d?.id ?? null, user: this.person(other) };
  }

  /** May a viewer see a message image: one of the two sides. */
  async canSeeImage(actor: Actor, d: DialogRow | null): Promise<boolean> {
    return !!d && actor.userId !== null && !!sideOf(d, actor.userId);
  }

  private person(p: { user: Parameters<typeof presentPublicUser>[0]; groupId: number | null }) {
    return presentPublicUser(p.user, this.groups.group(p.groupId ?? this.groups.defaultGroupId()));
  }

  /** The checks every message passes first: a member with `dialog.create`, messaging switched on. */
  private mayWrite(actor: Actor): number {
    if (actor.isGuest || actor.userId === null) throw new AppError(Code.JUMP_TO_LOGIN);
    this.gate.authorize(actor, 'dialog.create');
    if (this.stopWords.check('dialog', SWITCH_WORD).action === 'banned') {
      throw new AppError(Code.DIALOG_MESSAGE_DISABLE);
    }
    return actor.userId;
  }

  private async send(me: number, other: number, known: DialogRow | null, input: MessageInput) {
    const text = this.stopWords.enforce('dialog', input.messageText.replace(CONTROL, '')).text.trim();
    if (!text && input.attachmentId === undefined)
      throw invalid('messageText: a message needs text or an image');
    const { d, msg } = await inTransaction(this.db, async (tx) => {
      // A block either way stops messages; checked under the pair's lock, so a block cannot slip between.
      const d = known
        ? ((await findDialog(tx, known.id, true)) ?? known)
        : await lockDialogOfPair(tx, me, other);
      const blocks = await blocksBetween(tx, me, other);
      if (blocks.byThem) throw new AppError(Code.BLOCKED_BY_THEM);
      if (blocks.byMe) throw new AppError(Code.YOU_BLOCKED_THEM);
      let msg = await insertMessage(tx, d, me, text);
      if (input.attachmentId !== undefined) msg = await this.attachImage(tx, me, msg, input.attachmentId);
      // The recipient's badge adds the message up itself (a read sends fresh totals): no count query here.
      await appendUserEvents(tx, [
        { userId: me, kind: 'message', payload: { dialogId: d.id, message: presentMessage(msg, me) } },
        { userId: other, kind: 'message', payload: { dialogId: d.id, message: presentMessage(msg, other) } },
      ]);
      return { d, msg };
    });
    wakeUsers(this.bus, [me, other]);
    return { dialogId: d.id, dialogMessageId: msg.id, message: presentMessage(msg, me) };
  }

  /** Binds the sender's uploaded message image (type 4, not used elsewhere) to the message. */
  private async attachImage(tx: Tx, me: number, msg: MessageRow, attachmentId: number): Promise<MessageRow> {
    await this.files.bind(tx, me, [attachmentId], msg.id);
    const [row] = await this.files.listFor(tx, [AttachmentType.MESSAGE_IMAGE], [msg.id]);
    if (!row || row.id !== attachmentId) throw invalid('attachmentId: not a message image of yours');
    const url = this.files.present(row).url;
    await setMessageImage(tx, msg.id, row.id, url);
    return { ...msg, attachmentId: row.id, imageUrl: url };
  }
}
