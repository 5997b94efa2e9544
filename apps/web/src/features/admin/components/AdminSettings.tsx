import { OfflineNoticeEditor } from './OfflineNoticeEditor.tsx';
import { SignUpPolicyEditor } from './SignUpPolicyEditor.tsx';
import { UsersAdmin } from './UsersAdmin.tsx';

/** The domain settings and accounts above the model configurations of /admin. */
export function AdminSettings() {
  return (
    <>
      <OfflineNoticeEditor />
      <SignUpPolicyEditor />
      <UsersAdmin />
    </>
  );
}
