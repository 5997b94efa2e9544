import { DelegationCard } from '../../features/approvals/index.ts';
import { FavoritesList } from '../../features/favorites/index.ts';
import { AccountPage } from '../../features/profile/components/AccountPage.tsx';

/** /account: the account page with the user's favorites listed (each with Delete) and the approvals delegation. */
export function AccountRoute() {
  return <AccountPage favorites={<FavoritesList variant="list" />} delegation={<DelegationCard />} />;
}
