import type { ReactNode } from 'react';
import { theme } from 'antd';
import { ConnectionBanner } from '../../app/ConnectionBanner';
import { DemoDataTag } from '../../app/DemoDataTag';

/**
 * The frame of the sign-in pages. Drawn like antd's Card from the theme's tokens instead of using Card, which
 * brings Tabs, Dropdown, Menu and Skeleton (~25 kB compressed) into the first page every user loads.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <h1>Clínicas Estéticas</h1>
          <DemoDataTag />
        </div>
        <ConnectionBanner />
        <section
          style={{ background: token.colorBgContainer, border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
        >
          <h2
            style={{
              margin: 0,
              padding: `0 ${token.paddingLG}px`,
              minHeight: 56,
              display: 'flex',
              alignItems: 'center',
              fontSize: token.fontSizeLG,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
              borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
            }}
          >
            {title}
          </h2>
          <div style={{ padding: token.paddingLG }}>{children}</div>
        </section>
      </div>
    </div>
  );
}
