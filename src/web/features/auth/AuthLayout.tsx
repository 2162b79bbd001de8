import type { ReactNode } from 'react';
import { Card } from 'antd';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <h1>Clínicas Estéticas</h1>
        </div>
        <Card title={title}>{children}</Card>
      </div>
    </div>
  );
}
