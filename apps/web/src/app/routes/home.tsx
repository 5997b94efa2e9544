import { Suspense, useMemo } from 'react';
import { Navigate } from 'react-router';
import { isIhub } from '@p2p/domain';
import { Loading } from '../../components/Loading.tsx';
import { useAppConfig } from '../../lib/app-config.ts';
import { useUser } from '../../lib/session.ts';
import { modelRoutes } from '../../lib/model-routes.ts';
import { ActivityCard } from '../../features/activity/index.ts';
import { ChatCard } from '../../features/chat/index.ts';
import { FavoritesList } from '../../features/favorites/index.ts';
import { HomePage, type HomePageProps } from '../../features/home/index.ts';
import { lazyPage } from './pages.tsx';

const HomeDashboard = lazyPage(() => import('./home-dashboard.tsx').then((m) => m.HomeDashboard));

/**
 * /: the home page (seed 000 section 2: the home dashboard) with the recent activity, favorites
 * and chats cards and the supplier's links to the server's model routes, then the user's dashboard
 * of widgets (or its role's default).
 */
export function HomeRoute({ assign }: Pick<HomePageProps, 'assign'>) {
  const config = useAppConfig();
  const user = useUser();
  const routes = useMemo(() => modelRoutes(config), [config]);
  // ihub roles see the integration monitor and nothing else of the app (seed 000 sections 2, 6)
  if (isIhub(user)) return <Navigate to="/ihub" replace />;
  return (
    <>
      <HomePage
        modelRoutes={routes}
        activity={<ActivityCard />}
        favorites={<FavoritesList />}
        chats={<ChatCard />}
        assign={assign}
      />
      <div className="page home-dashboard">
        <Suspense fallback={<Loading />}>
          <HomeDashboard />
        </Suspense>
      </div>
    </>
  );
}
