import { lazy, type ComponentType } from 'react';
import { OfflineScreen } from '../../components/OfflineScreen.tsx';
import { reloadForNewBuild } from '../../lib/version-check.ts';

/** Shown in place of a page whose chunk could not be loaded: polls the server and reloads when it answers. */
const Unavailable = () => <OfflineScreen />;

/**
 * A page loaded on demand, as a chunk of its own fetched on its first visit (the layouts show
 * <Loading /> meanwhile). A chunk that is gone because a newer build was deployed reloads the page
 * once, as the version check does; any other failure (the server went away) shows the offline screen.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => {
    try {
      return { default: await load() };
    } catch (error) {
      if (await reloadForNewBuild()) return new Promise<never>(() => undefined); // keep the fallback until the reload
      console.error(error);
      return { default: Unavailable };
    }
  });
}

// Every page but the first screen's (sign-in; the shell and home), and but help and notifications,
// whose code the shell's help drawer and notifications bell already bring. Each page is imported from
// its own file: its feature's index.ts is (or may become) imported statically, which would pull the
// page back into the entry chunk.
export const SignUpPage = lazyPage(() =>
  import('../../features/auth/components/SignUpPage.tsx').then((m) => m.SignUpPage),
);
export const SetPasswordPage = lazyPage(() =>
  import('../../features/auth/components/SetPasswordPage.tsx').then((m) => m.SetPasswordPage),
);
export const ForgotPasswordPage = lazyPage(() =>
  import('../../features/auth/components/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
);
export const SupplierRegistrationPage = lazyPage(() =>
  import('../../features/auth/components/SupplierRegistrationPage.tsx').then(
    (m) => m.SupplierRegistrationPage,
  ),
);
export const SupplierRegistrationsPage = lazyPage(() =>
  import('../../features/auth/components/SupplierRegistrationsPage.tsx').then(
    (m) => m.SupplierRegistrationsPage,
  ),
);
export const AccountPage = lazyPage(() => import('./account.tsx').then((m) => m.AccountRoute));
export const AdminPage = lazyPage(() => import('./admin.tsx').then((m) => m.AdminRoute));
export const AuditPage = lazyPage(() =>
  import('../../features/audit/components/AuditPage.tsx').then((m) => m.AuditPage),
);
export const SearchPage = lazyPage(() =>
  import('../../features/search/components/SearchPage.tsx').then((m) => m.SearchPage),
);
export const DocumentListPage = lazyPage(() =>
  import('../../features/documents/components/DocumentListPage.tsx').then((m) => m.DocumentListPage),
);
export const DocumentFormPage = lazyPage(() =>
  import('../../features/documents/components/pages.tsx').then((m) => m.DocumentFormPage),
);
export const DocumentReadPage = lazyPage(() =>
  import('../../features/documents/components/pages.tsx').then((m) => m.DocumentReadPage),
);
export const IhubMonitorPage = lazyPage(() =>
  import('../../features/ihub/components/IhubMonitorPage.tsx').then((m) => m.IhubMonitorPage),
);

/**
 * A part another feature lends to a page (the form's approval panel, the receiving action), loaded
 * with the page that shows it instead of with the app's first screen. Shown in a Suspense of its
 * own (fallback: nothing); a chunk that cannot be loaded leaves the part out.
 */
function lazySlot<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => {
    try {
      return { default: await load() };
    } catch (error) {
      console.error(error);
      return { default: () => null };
    }
  });
}

export const ApprovalPanel = lazySlot(() =>
  import('../../features/approvals/components/ApprovalPanel.tsx').then((m) => m.ApprovalPanel),
);
export const ReceivingActionButton = lazySlot(() =>
  import('../../features/receiving/components/ReceivingAction.tsx').then((m) => m.ReceivingActionButton),
);
