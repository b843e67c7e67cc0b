import { SIGN_IN_UPLOAD_TYPES, SignInAnswerStatus, UserStatus, type SignInField } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import type { SettingsService } from '../settings/index.js';
import { findUserById, updateUser, type UsersService } from '../users/index.js';
import {
  answersOf,
  enabledFieldIds,
  findField,
  hasRequiredField,
  insertField,
  listFields,
  updateField,
  setAnswersStatus,
  upsertAnswers,
  type AnswerRow,
  type FieldRow,
} from './signin-fields.repository.js';

/** A field for the admin area and the supplementary page. */
export function presentField(f: FieldRow): SignInField {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    fieldsExt: f.fieldsExt,
    fieldsDesc: f.fieldsDesc,
    sort: f.sort,
    status: f.status,
    required: f.required,
  };
}

function presentAnswer(a: AnswerRow, f: FieldRow) {
  return {
    id: a.id,
    aid: f.id,
    name: f.name,
    type: f.type,
    fieldsExt: a.fieldsExt,
    status: a.status,
    remark: a.remark,
  };
}

/** Where an uploaded answer is served (the attachments feature's download path). */
const ATTACHMENT_URL = '/api/v3/attachments/';

/** The attachment type an image (4) or file (5) field takes; undefined for the other field types. */
function uploadTypeOf(fieldType: number): number | undefined {
  return (SIGN_IN_UPLOAD_TYPES as Record<number, number>)[fieldType];
}

/** What the feature needs of the attachments feature. */
export interface SignInUploads {
  store(actor: Actor, type: number, name: string, data: Buffer): Promise<{ uuid: string; fileName: string }>;
  byUuid(uuid: string): Promise<{ userId: number } | null>;
}

/** What a field may be given. */
export interface FieldInput {
  name?: string;
  type?: number;
  sort?: number;
  fieldsExt?: string;
  fieldsDesc?: string;
  required?: boolean;
  status?: number;
}

/**
 * Extended sign-in fields (reference §1.1, issue 10 §8): the administrator defines them; with `open_ext_fields`
 * on, a new account must answer the enabled ones (the -3007 gate sends it to `/user/supplementary`) before it
 * goes on to review or straight in.
 */
export class SignInFields {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    private readonly uploads: SignInUploads,
  ) {}

  /**
   * Stores the picture or file answering an open image or file field (while sign-in fields are on); the group's
   * upload permission does not apply, since a new account may have none. The answer then carries `url`.
   */
  async upload(actor: Actor, aid: number, name: string, data: Buffer) {
    const f = await findField(this.db, aid);
    const type = f && f.status === 1 ? uploadTypeOf(f.type) : undefined;
    if (type === undefined || !this.settings.bool('open_ext_fields'))
      throw invalid('aid: not an open image or file field');
    const row = await this.uploads.store(actor, type, name, data);
    return { url: `${ATTACHMENT_URL}${row.uuid}`, fileName: row.fileName };
  }

  /** -4001 unless every image or file answer is the address of an upload of this user's. */
  private async checkUploads(
    userId: number,
    data: Array<{ aid: number; fieldsExt: string }>,
    fields: FieldRow[],
  ) {
    const byId = new Map(fields.map((f) => [f.id, f]));
    for (const d of data) {
      const f = byId.get(d.aid);
      if (!f || uploadTypeOf(f.type) === undefined || d.fieldsExt === '') continue;
      const uuid = d.fieldsExt.startsWith(ATTACHMENT_URL) ? d.fieldsExt.slice(ATTACHMENT_URL.length) : '';
      const row = await this.uploads.byUuid(uuid);
      if (!row || row.userId !== userId) throw invalid(`data: ${f.name} must be a file you uploaded`);
    }
  }

  /** Whether a new account starts by filling fields. */
  needsFields(): Promise<boolean> {
    return hasRequiredField(this.db);
  }

  async list(): Promise<SignInField[]> {
    return (await listFields(this.db)).map(presentField);
  }

  async resource(id: number): Promise<SignInField> {
    const f = await findField(this.db, id);
    if (!f || f.status === 0) throw notFound('id: no such field');
    return presentField(f);
  }

  async create(input: FieldInput & { name: string; type: number; sort: number }): Promise<SignInField> {
    return presentField(await insertField(this.db, input));
  }

  async update(id: number, patch: FieldInput): Promise<SignInField> {
    const f = await findField(this.db, id);
    if (!f || f.status === 0) throw notFound('id: no such field');
    return presentField((await updateField(this.db, id, patch))!);
  }

  /** After a registration decision: approved answers pass, rejected ones carry the reason (status 2). */
  async examined(userId: number, status: number, reason: string): Promise<void> {
    if (status === UserStatus.NORMAL) await setAnswersStatus(this.db, userId, SignInAnswerStatus.PASSED, '');
    if (status === UserStatus.REJECTED)
      await setAnswersStatus(this.db, userId, SignInAnswerStatus.REJECTED, reason);
  }

  /** A user's answers (admin). */
  async answers(userId: number) {
    return (await answersOf(this.db, userId)).map((r) => presentAnswer(r.a, r.f));
  }

  /** The enabled fields with my answers. */
  async mine(actor: Actor) {
    const [fields, answers] = await Promise.all([
      listFields(this.db, true),
      answersOf(this.db, actor.userId!),
    ]);
    const byField = new Map(answers.map((r) => [r.f.id, presentAnswer(r.a, r.f)]));
    return fields.map((f) => ({ ...presentField(f), answer: byField.get(f.id) ?? null }));
  }

  /**
   * Submits my answers: every enabled required field answered, only enabled fields; a user who was held at
   * "fill the fields" goes on to review (`register_validate`) or straight in.
   */
  async submit(actor: Actor, data: Array<{ aid: number; fieldsExt: string }>) {
    const me = actor.userId!;
    const enabled = await listFields(this.db, true);
    const known = await enabledFieldIds(
      this.db,
      data.map((d) => d.aid),
    );
    const unknown = data.find((d) => !known.has(d.aid));
    if (unknown) throw invalid(`data: field ${unknown.aid} is not open`);
    const answered = new Set(data.filter((d) => d.fieldsExt.trim() !== '').map((d) => d.aid));
    const missing = enabled.find((f) => f.required && !answered.has(f.id));
    if (missing) throw invalid(`data: ${missing.name} is required`);
    await this.checkUploads(me, data, enabled);
    const user = await findUserById(this.db, me);
    if (!user) throw notFound();
    const next =
      user.status === UserStatus.NEEDS_FIELDS
        ? this.settings.bool('register_validate')
          ? UserStatus.PENDING
          : UserStatus.NORMAL
        : user.status === UserStatus.REJECTED
          ? UserStatus.PENDING
          : user.status;
    await inTransaction(this.db, async (tx) => {
      await upsertAnswers(tx, me, data);
      if (next !== user.status) await updateUser(tx, me, { status: next });
    });
    if (next !== user.status) await this.users.sessionsChanged(me);
    return { userStatus: next };
  }
}
