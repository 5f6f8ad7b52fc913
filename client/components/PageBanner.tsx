import type { ReactNode } from 'react';

export function PageBanner({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="banner">
      <div className="container">
        <h1>{title}</h1>
        {children && <p className="banner__lead">{children}</p>}
      </div>
    </div>
  );
}
