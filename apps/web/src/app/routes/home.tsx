import { useMemo } from 'react';
import { useAppConfig } from '../../lib/app-config.ts';
import { modelRoutes } from '../../lib/model-routes.ts';
import { ActivityCard } from '../../features/activity/index.ts';
import { ChatCard } from '../../features/chat/index.ts';
import { FavoritesList } from '../../features/favorites/index.ts';
import { HomePage, type HomePageProps } from '../../features/home/index.ts';

/**
 * /: the home page with the recent activity, favorites and chats cards and the supplier's links to
 * the server's model routes.
 */
export function HomeRoute({ assign }: Pick<HomePageProps, 'assign'>) {
  const config = useAppConfig();
  const routes = useMemo(() => modelRoutes(config), [config]);
  return (
    <HomePage
      modelRoutes={routes}
      activity={<ActivityCard />}
      favorites={<FavoritesList />}
      chats={<ChatCard />}
      assign={assign}
    />
  );
}
