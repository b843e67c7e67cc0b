// `/message?page=chat&userId=&nickname=`: one conversation (issue 9 §5). The private-messages work fills this in.
export function ChatPage() {
  return <div data-message="chat" />;
}
