import type { ReactNode } from 'react';
import type { Variant } from '@forum/ui';

/** The frame of the account pages: a centred card on pc, a full-width sheet on h5. */
export function AuthCard({
  variant,
  title,
  children,
}: {
  variant: Variant;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={`auth-card auth-card--${variant}`}>
      <h1 className="auth-card__title">{title}</h1>
      {children}
    </section>
  );
}
