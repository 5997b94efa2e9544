import type { ReactNode } from 'react';

export function AuthCard({
  title,
  logo,
  children,
  wide,
}: {
  title: string;
  logo?: string | null;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="auth-page">
      <div className={`auth-card${wide ? ' auth-card--wide' : ''}`}>
        {logo && <img className="auth-card__logo" src={logo} alt="" data-testid="auth-logo" />}
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
