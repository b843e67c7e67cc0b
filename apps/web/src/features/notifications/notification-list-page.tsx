// Placeholder until the notifications work lands: /message?page=account|financial|thread renders this
// component with the bucket it shows (spec §2 notification area).
export interface NotificationListProps {
  /** The spec's category: account (system), financial, thread (replies, likes, mentions). */
  category: 'account' | 'financial' | 'thread';
}

export function NotificationListPage(props: NotificationListProps) {
  return <div data-notifications={props.category} />;
}
