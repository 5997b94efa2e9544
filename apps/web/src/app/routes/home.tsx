import { useMemo } from 'react';
import { useAppConfig } from '../../lib/app-config.ts';
import { modelRoutes } from '../../lib/model-routes.ts';
import { FavoritesList } from '../../features/favorites/index.ts';
import { HomePage, type HomePageProps } from '../../features/home/index.ts';

/** /: the home page with the favorites card and the supplier's links to the server's model routes. */
export function HomeRoute({ assign }: Pick<HomePageProps, 'assign'>) {
  const config = useAppConfig();
  const routes = useMemo(() => modelRoutes(config), [config]);
  return <HomePage modelRoutes={routes} favorites={<FavoritesList />} assign={assign} />;
}
