import type { ReactNode } from 'react';

export function Panel({ title, tone, children }: { title: ReactNode; tone?: 'warn' | 'info'; children: ReactNode }) {
  return (
    <section className={`panel${tone ? ` panel-${tone}` : ''}`}>
      <h1>{title}</h1>
      {children}
    </section>
  );
}
