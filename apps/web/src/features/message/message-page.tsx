import { useSearchParams } from 'react-router';
import { NotificationListPage } from '../notifications/notification-list-page.tsx';
import { ChatPage } from './chat-page.tsx';
import { DialogListPage } from './dialog-list-page.tsx';

const NOTIFICATION_PAGES = ['account', 'financial', 'thread'] as const;
type NotificationPage = (typeof NOTIFICATION_PAGES)[number];

/**
 * `/message` (spec §2): `?page=chat&userId=&nickname=` is a conversation, `?page=account|financial|thread` a
 * notification list, anything else the message centre with the dialog list.
 */
export function Component() {
  const [params] = useSearchParams();
  const page = params.get('page') ?? '';
  if (page === 'chat') return <ChatPage />;
  if ((NOTIFICATION_PAGES as readonly string[]).includes(page))
    return <NotificationListPage category={page as NotificationPage} />;
  return <DialogListPage />;
}
