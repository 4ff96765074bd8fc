// The Account area of /admin (/admin/account): the signed-in administrator's password,
// two-factor sign-in and sessions, and the team of administrators. Its URL is
// /admin/account (route.ts), so reload and Back work.
import { useEffect, useRef } from 'react';
import { Button } from '../ui.tsx';
import { AdministratorsSection } from './administrators-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { SettingsSection } from './settings-section.tsx';
import { LanguagesSection } from './languages-section.tsx';
import { ReportSection } from './report-section.tsx';
import { LeadRoutingSection } from './lead-routing-section.tsx';
import { ApiTokensSection } from './api-tokens-section.tsx';
import { useCan } from '../permissions.ts';

export function AccountView({ email, onClose }: { email: string; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Administrators, roles and settings are the accounts permission's (admins).
  const mayManage = useCan('accounts');
  // Opening the area moves focus to its heading, so keyboard and screen-reader users
  // start at the top of the new view.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="mx-auto max-w-5xl px-4 py-8" data-testid="account-view">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-ink outline-none">
            Account
          </h1>
          <p className="mt-1 text-slate-600">
            Your sign-in and sessions, and the administrators of the site
          </p>
        </div>
        <Button onClick={onClose}>
          <span aria-hidden="true">←</span> Back to the Landing Page Manager
        </Button>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <PasswordSection />
        <TwoFactorSection />
        <div className="lg:col-span-2">
          <SessionsSection />
        </div>
        {mayManage && <AdministratorsSection me={email} />}
        {mayManage && <SettingsSection />}
        {mayManage && <LanguagesSection />}
        {mayManage && <LeadRoutingSection />}
        {mayManage && <ReportSection />}
        {mayManage && <ApiTokensSection />}
      </div>
    </main>
  );
}
