import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  OrderType,
  THREAD_TEXT_MAX,
  threadCreate,
  threadUpdate,
  type CategoryNode,
  type ThreadItem,
} from '@forum/contracts';
import { Button, Input, toast } from '@forum/ui';
import { apiFrom } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { useCaptchaPrompt } from '../threads/captcha-prompt.tsx';
import { actWithCaptcha } from '../threads/thread-call.ts';
import { BlockButtons, EditorBlocks } from './editor-blocks.tsx';
import {
  buildContent,
  buildPosition,
  clearDraft,
  draftFromThread,
  draftKey,
  loadDraft,
  saveDraft,
  type EditorDraft,
} from './editor-state.ts';
import { goodsProblem } from './goods-editor.tsx';
import { UploadType, uploadWithProgress } from './upload.ts';
import { PriceEditor, payFields } from '../paid/price-editor.tsx';
import { pluginBlocksOf, useEditorPlugins, withPluginBlocks } from './editor-plugins.tsx';
import { MoneyBlocks, MoneyButtons, moneyOrders, redPacketProblem, rewardProblem } from './money-editor.tsx';
import { publishWithPayment } from './money-publish.ts';
import { usePayment } from '../wallet/use-payment.tsx';

// Tiptap and ProseMirror are the heaviest code of the site: fetched only when the editor is on screen.
const RichEditor = lazy(() => import('./rich-editor.tsx'));

/** What the editor needs from the server. */
interface EditorData {
  categories: CategoryNode[];
  permissions: Record<string, boolean>;
  thread: ThreadItem | null;
}

/** `/thread/post[?id=N]` loader: postable categories, insert permissions, and the thread when editing. */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<EditorData> {
  const id = Number(new URL(request.url).searchParams.get('id')) || 0;
  const [api, c] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const signal = request.signal;
  const [cats, perms, thread] = await Promise.all([
    api.call(c.categoriesPostable, {}, { signal }),
    api.call(c.tomPermissions, {}, { signal }),
    id ? api.call(c.threadDetail, { threadId: id }, { signal }) : Promise.resolve(null),
  ]);
  // Our client's calls carry no original-client marks: the reply is the boolean shape.
  const permissions = (perms.Data ?? {}) as Record<string, boolean>;
  return { categories: cats.Data ?? [], permissions, thread: thread?.Data ?? null };
}

const EMPTY: EditorDraft = {
  title: '',
  categoryId: 0,
  html: '',
  anonymous: false,
  vote: null,
  images: [],
  files: [],
};

/** The post editor: title, category, rich text, the blocks the actor may insert, local draft autosave. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const isLogin = useRequireLogin();
  const navigate = useNavigate();
  const d = useLoaderData() as EditorData;
  const editing = d.thread?.threadId ?? 0;
  const key = draftKey(forum.user?.id ?? 0, editing);
  const [draft, setDraft] = useState<EditorDraft>(() => (d.thread ? draftFromThread(d.thread) : EMPTY));
  const [length, setLength] = useState(0);
  const [mounted, setMounted] = useState(false);
  const [busy, setBusy] = useState(false);
  const restored = useRef(false);
  const published = useRef(false);
  const busyRef = useRef(false);
  const latest = useRef(draft);
  latest.current = draft;
  const captcha = useCaptchaPrompt(platform);
  const payment = usePayment();
  // The server draft a red packet or bounty was saved with, when its payment was cancelled.
  const serverDraft = useRef(d.thread?.isDraft ? d.thread.threadId : 0);
  const plugins = useEditorPlugins(
    platform,
    d.thread ? pluginBlocksOf(d.thread.content.indexes) : [],
    d.permissions,
  );
  const perm = (k: string) => d.permissions[k] === true;
  const categories = d.categories.flatMap((c) => [c, ...c.children]).filter((c) => c.canCreateThread);

  useEffect(() => {
    const saved = loadDraft(key);
    if (saved && !restored.current) {
      setDraft(saved);
      toast.info(t('editor.draftRestored'));
    }
    restored.current = true;
    setMounted(true);
    // Restore once per page.
  }, [key]);
  useEffect(() => {
    if (!restored.current) return;
    // Not after publishing: the page waits for the thread's loader and a late save would bring the draft back.
    const timer = setTimeout(() => !published.current && saveDraft(key, draft), 800);
    return () => clearTimeout(timer);
  }, [key, draft]);
  useEffect(() => {
    // A reload or a closed tab within the autosave delay would lose the last words: save them on the way out.
    const flush = () => {
      if (restored.current && !published.current) saveDraft(key, latest.current);
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [key]);

  if (!isLogin) return null;
  const set = (p: Partial<EditorDraft>) => setDraft((x) => ({ ...x, ...p }));
  const update = (fn: (x: EditorDraft) => Partial<EditorDraft>) => setDraft((x) => ({ ...x, ...fn(x) }));
  const uploadImage = perm('101')
    ? async (file: File, onProgress: (percent: number) => void) => {
        const a = await uploadWithProgress(file, UploadType.IMAGE, onProgress);
        if (!a) return null;
        setDraft((x) => ({ ...x, images: [...x.images, { id: a.id, url: a.url }] }));
        return { src: a.url, id: a.id };
      }
    : null;
  const publish = async () => {
    const categoryId = draft.categoryId || categories[0]?.categoryId || 0;
    if (!categoryId) return toast.error(t('editor.noCategory'));
    const pluginBlocks = Object.values(plugins.blocks);
    const hasBlock =
      draft.images.length ||
      draft.files.length ||
      draft.video ||
      draft.audio ||
      draft.goods ||
      draft.redPacket ||
      draft.reward ||
      pluginBlocks.length;
    if (length === 0 && !hasBlock && !draft.vote) return toast.error(t('editor.empty'));
    const problem =
      (draft.goods ? goodsProblem(draft.goods) : null) ??
      (draft.redPacket ? redPacketProblem(draft.redPacket) : null) ??
      (draft.reward && !editing ? rewardProblem(draft.reward) : null);
    if (problem) return toast.error(t(problem));
    if (length > THREAD_TEXT_MAX) return toast.error(t('editor.tooLong', { max: THREAD_TEXT_MAX }));
    const pay = payFields(draft.pay);
    if ('error' in pay) return toast.error(t(pay.error));
    setBusy(true);
    busyRef.current = true;
    const content = withPluginBlocks(buildContent(draft), pluginBlocks);
    const position = buildPosition(draft, editing > 0);
    const fields = {
      title: draft.title,
      categoryId,
      content,
      anonymous: draft.anonymous,
      ...(position && { position }),
      // Without thread.insertPay the fields stay out (an edit by a moderator keeps the author's price).
      ...(perm('pay') && pay),
    };
    const orders = moneyOrders(draft);
    if (orders.length && (!editing || serverDraft.current)) {
      // Red packets and bounties: saved as a draft, paid, then published (money-publish.ts).
      const r = await publishWithPayment({
        fields,
        draftId: serverDraft.current,
        orderTypes: orders,
        ask: captcha.ask,
        upfront: perm('captcha'),
        // The server priced the order from the block; the dialog pays that order.
        // A merged order (both blocks) shows each part above the total.
        openPay: async (o) => {
          const label = (type: number) => t(type === OrderType.BOUNTY ? 'bounty.title' : 'redpacket.title');
          const parts = o.children?.map((c) => ({ label: label(c.type), amount: c.amount }));
          const title = parts ? t('pay.merged') : label(o.type);
          const request = { orderSn: o.orderSn, amount: o.amount, title, ...(parts && { parts }) };
          return (await payment.openPay(request)) !== null;
        },
      });
      setBusy(false);
      busyRef.current = false;
      serverDraft.current = r.draftId;
      if (r.cancelled) toast.info(t('pay.cancelled'));
      if (!r.thread) return;
      published.current = true;
      clearDraft(key);
      toast.success(r.thread.isApproved === 0 ? t('editor.pending') : t('editor.published'));
      void navigate(`/thread/${r.thread.threadId}`, { replace: true });
      return;
    }
    // Edits are not gated by the captcha (the server checks it on create only).
    const saved = editing
      ? await actWithCaptcha(threadUpdate, { threadId: editing, ...fields }, captcha.ask)
      : await actWithCaptcha(threadCreate, { ...fields, draft: false }, captcha.ask, perm('captcha'));
    setBusy(false);
    busyRef.current = false;
    if (!saved) return;
    published.current = true;
    clearDraft(key);
    toast.success(saved.isApproved === 0 ? t('editor.pending') : t('editor.published'));
    void navigate(`/thread/${saved.threadId}`, { replace: true });
  };

  return (
    <div
      className={`editor-page editor-page--${platform} panel`}
      data-testid="editor-page"
      onKeyDown={(e) => {
        // Ctrl+Enter (Cmd+Enter on a Mac) publishes from the title or the text, as in most editors.
        if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
        e.preventDefault();
        if (!busyRef.current) void publish();
      }}
    >
      <h1 className="panel__title">{editing ? t('editor.editTitle') : t('editor.title')}</h1>
      <Input
        variant={platform}
        name="title"
        value={draft.title}
        onChange={(v) => set({ title: v })}
        placeholder={t('editor.titlePlaceholder')}
        maxLength={100}
      />
      <label className="editor-page__row">
        {t('editor.category')}{' '}
        <select
          name="categoryId"
          value={draft.categoryId || categories[0]?.categoryId || ''}
          onChange={(e) => set({ categoryId: Number(e.target.value) })}
          data-testid="category-select"
        >
          {categories.map((c) => (
            <option key={c.categoryId} value={c.categoryId}>
              {c.parentid ? `— ${c.name}` : c.name}
            </option>
          ))}
        </select>
      </label>
      {mounted ? (
        <Suspense fallback={<div className="rich-editor muted">{t('editor.loadingEditor')}</div>}>
          <RichEditor
            key={key}
            initialHtml={draft.html}
            placeholder={t('editor.placeholder')}
            variant={platform}
            uploadImage={uploadImage}
            onChange={(html, len) => {
              set({ html });
              setLength(len);
            }}
          />
        </Suspense>
      ) : (
        <div className="rich-editor muted">{t('editor.loadingEditor')}</div>
      )}
      <p
        className={`editor-page__counter${length > THREAD_TEXT_MAX ? ' is-over' : ''}`}
        data-testid="counter"
      >
        {t('editor.counter', { count: length, max: THREAD_TEXT_MAX })}
      </p>
      <EditorBlocks draft={draft} update={update} variant={platform} />
      {perm('pay') && <PriceEditor value={draft.pay} onChange={(pay) => set({ pay })} variant={platform} />}
      <MoneyBlocks draft={draft} update={update} variant={platform} />
      {plugins.content}
      {captcha.prompt}
      <div className="editor-page__tools">
        {plugins.entry}
        <BlockButtons draft={draft} update={update} variant={platform} can={perm} />
        {(!editing || d.thread?.isDraft) && (
          <MoneyButtons draft={draft} update={update} variant={platform} can={perm} />
        )}
        {perm('anonymous') && (
          <label>
            <input
              type="checkbox"
              checked={draft.anonymous}
              onChange={(e) => set({ anonymous: e.target.checked })}
            />{' '}
            {t('editor.anonymous')}
          </label>
        )}
        <span className="muted">{t('editor.draftSaved')}</span>
        <Button
          kind="primary"
          variant={platform}
          loading={busy}
          onClick={() => void publish()}
          data-testid="publish"
        >
          {editing ? t('editor.save') : t('editor.publish')}
        </Button>
      </div>
      {plugins.dialog}
      {payment.dialog}
    </div>
  );
}
