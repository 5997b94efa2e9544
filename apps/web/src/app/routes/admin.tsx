import { ApprovalRulesEditor } from '../../features/approvals/index.ts';
import { AdminPage } from '../../features/admin/components/AdminPage.tsx';

/** /admin: the configuration admin with the approval rules as a tab of their own. */
export function AdminRoute() {
  return <AdminPage approvalRules={<ApprovalRulesEditor />} />;
}
