import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { PostItem } from '@forum/contracts';
import { POST_TEXT_MAX } from '@forum/contracts/constants';
import { Button, TextArea, toast, type Variant } from '@forum/ui';
import { escapeHtml } from '../../app/head.ts';
import { useCaptchaPrompt } from './captcha-prompt.tsx';
import { actWithCaptcha } from './thread-call.ts';

/** Plain text typed in a reply box as the HTML the server stores (escaped, line breaks kept). */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A reply to the thread, or (with `replyTo`) a comment on one reply. */
export function ReplyBox({
  threadId,
  replyTo,
  placeholder,
  variant,
  onPosted,
}: {
  threadId: number;
  replyTo?: number;
  placeholder: string;
  variant: Variant;
  onPosted: (post: PostItem) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const captcha = useCaptchaPrompt(variant);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    const post = await actWithCaptcha(
      'postsCreate',
      { id: threadId, content: textToHtml(text), ...(replyTo ? { isComment: true, replyId: replyTo } : {}) },
      captcha.ask,
    );
    setBusy(false);
    if (post) {
      setText('');
      toast.success(post.isApproved === 0 ? t('thread.pending') : t('thread.replied'));
      onPosted(post);
    }
  };
  return (
    <form
      className={`reply-box reply-box--${variant}`}
      onSubmit={(e) => void submit(e)}
      data-testid={replyTo ? 'comment-box' : 'reply-box'}
    >
      <TextArea
        variant={variant}
        value={text}
        onChange={setText}
        placeholder={placeholder}
        maxLength={POST_TEXT_MAX}
        rows={replyTo ? 2 : 3}
      />
      {captcha.prompt}
      <Button
        kind="primary"
        variant={variant}
        type="submit"
        loading={busy}
        disabled={!text.trim()}
        data-testid="reply-submit"
      >
        {t('thread.send')}
      </Button>
    </form>
  );
}
