import { useEffect, useState } from 'react';
import { userSignInAnswers, type AdminUser, type CallOutput } from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { m } from '../i18n-manage.ts';

type Answer = CallOutput<typeof userSignInAnswers>[number];

/** An answer as the reviewer reads it: text, choices one a line, an uploaded picture or file as a link. */
function AnswerValue({ a }: { a: Answer }) {
  if (!a.fieldsExt) return <span className="admin-hint">—</span>;
  if (a.type === 4)
    return (
      <a href={a.fieldsExt} target="_blank" rel="noreferrer">
        <img className="admin-answer__image" src={a.fieldsExt} alt={a.name} />
      </a>
    );
  if (a.type === 5)
    return (
      <a href={a.fieldsExt} target="_blank" rel="noreferrer">
        {m.answers.openFile}
      </a>
    );
  return <span className="admin-wrap">{a.fieldsExt.split('\n').join('、')}</span>;
}

/**
 * A pending registration's sign-in answers next to the decision (issue 10 §3): the reviewer reads them, then
 * approves, rejects with a reason (the user sees it and resubmits) or ignores.
 */
export function UserAnswers({
  user,
  onDecide,
  onClose,
}: {
  user: AdminUser;
  onDecide: (status: 0 | 3 | 4) => void;
  onClose: () => void;
}) {
  const [answers, setAnswers] = useState<Answer[] | null>(null);
  useEffect(() => {
    void run(userSignInAnswers, { userId: String(user.id) }).then((a) => setAnswers(a ?? []));
  }, [user.id]);
  return (
    <div className="admin-panel" data-testid="user-answers">
      <h2>
        {user.username} · {m.answers.title}
      </h2>
      {!answers ? (
        <p className="admin-empty">{s.loading}</p>
      ) : answers.length === 0 ? (
        <p className="admin-hint">{m.answers.none}</p>
      ) : (
        <dl className="admin-answers">
          {answers.map((a) => (
            <div key={a.id} className="admin-answers__row" data-testid="answer">
              <dt>{a.name}</dt>
              <dd>
                <AnswerValue a={a} />
                {a.status === 2 && a.remark && <div className="admin-hint">{a.remark}</div>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="admin-row">
        <Button kind="primary" size="small" onClick={() => onDecide(0)} data-testid="answers-approve">
          {s.users.approve}
        </Button>
        <Button size="small" onClick={() => onDecide(3)}>
          {s.users.reject}
        </Button>
        <Button size="small" onClick={() => onDecide(4)}>
          {s.review.ignore}
        </Button>
        <Button size="small" onClick={onClose}>
          {s.cancel}
        </Button>
      </div>
    </div>
  );
}
