import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { adminUnfreezeUserWallet, adminUserWallet, type AdminUser, type WalletView } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { mm } from '../i18n-money.ts';
import { fmt } from '../format.ts';

/** A fresh idempotency key: one per intended release, so a double click or a retry releases once. */
const newKey = () => `unfreeze-${crypto.randomUUID()}`;

/**
 * A member's wallet and the release of frozen money (frozen → available), e.g. what an imported open red
 * packet or bounty, or a stuck withdrawal, left held. The server refuses more than is frozen.
 */
export function UserWallet({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [wallet, setWallet] = useState<WalletView | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const load = useCallback(async () => setWallet(await run(adminUserWallet, { userId: user.id })), [user.id]);
  useEffect(() => {
    void load();
  }, [load]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await run(adminUnfreezeUserWallet, { userId: user.id, amount, reason, idempotencyKey: key });
    if (!res) return;
    toast.success(mm.wallet.released, { duration: 1000 });
    setWallet(res);
    setAmount('');
    setReason('');
    setKey(newKey());
  };
  return (
    <div className="admin-panel" data-testid="user-wallet">
      <h2>
        {user.username} · {mm.wallet.title}
      </h2>
      {!wallet ? (
        <p className="admin-empty">{s.loading}</p>
      ) : (
        <dl className="admin-answers">
          <div className="admin-answers__row">
            <dt>{mm.wallet.available}</dt>
            <dd data-testid="wallet-available">{fmt.money(wallet.availableAmount)}</dd>
          </div>
          <div className="admin-answers__row">
            <dt>{mm.wallet.frozen}</dt>
            <dd data-testid="wallet-frozen">{fmt.money(wallet.freezeAmount)}</dd>
          </div>
          <div className="admin-answers__row">
            <dt>{mm.wallet.status}</dt>
            <dd>{mm.wallet.statuses[String(wallet.walletStatus)]}</dd>
          </div>
        </dl>
      )}
      <form className="admin-form" onSubmit={(e) => void submit(e)}>
        <p className="admin-hint">{mm.wallet.unfreezeHint}</p>
        <label className="admin-field">
          <span>{mm.wallet.amount}</span>
          <input
            name="amount"
            inputMode="decimal"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label className="admin-field">
          <span>{mm.wallet.reason}</span>
          <input
            name="reason"
            required
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <div className="admin-row">
          <Button
            type="submit"
            kind="primary"
            size="small"
            disabled={!wallet?.freezeFen}
            data-testid="wallet-unfreeze"
          >
            {mm.wallet.unfreeze}
          </Button>
          <Button size="small" onClick={onClose}>
            {mm.wallet.close}
          </Button>
        </div>
      </form>
    </div>
  );
}
