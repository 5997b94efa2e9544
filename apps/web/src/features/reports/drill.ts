import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../lib/app-config.ts';
import { modelRoutes } from '../../lib/model-routes.ts';
import { drillPath } from './result-chart.ts';

/**
 * Drill-down: opens the list route of a model ('/order') with the query string the server answered
 * for a figure, so the list shows exactly the documents behind it.
 */
export function useDrill(): (model: string | null | undefined, filter: string | null | undefined) => void {
  const config = useAppConfig();
  const navigate = useNavigate();
  const routes = useMemo(() => modelRoutes(config), [config]);
  return useCallback(
    (model, filter) => {
      const to = drillPath((m) => routes.find((r) => r.model === m)?.path ?? null, model, filter);
      if (to) void navigate(to);
    },
    [routes, navigate],
  );
}
