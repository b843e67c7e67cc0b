// `/message`: the message centre with the dialog list (issue 9 §5). The private-messages work fills this in.
export function DialogListPage() {
  return <div data-message="dialogs" />;
}
