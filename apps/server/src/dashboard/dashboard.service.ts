import {
  ACTIVITY_KINDS,
  ACTIVITY_WIDGET_TYPE,
  DASHBOARD_TEXTS,
  layoutErrors,
  renderMessage,
  roleDefaultWhat,
  ROLE_NAMES,
  textIn,
  WHAT_IDS,
  type ApiFieldError,
  type AvailableWidget,
  type Dashboard,
  type DashboardChanged,
  type DashboardSave,
  type LayoutItem,
  type RoleKey,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { AppError, fieldErrors } from '../lib/app-error.ts';
import type { ReportingService } from '../reporting/report.service.ts';
import { dashboardRepository } from './dashboard.repository.ts';
import { roleDefaultLayout } from './dashboard.defaults.ts';

/**
 * The users' dashboards (seed 001 sections 2.8, 4.3 and 7). A user's own dashboard is stored per
 * tenant and user and read by nobody else; without one the user gets the default of its role: the
 * dashboard 'what' figures the role works with, kept only where the caller's list scope can count
 * them (the reporting service's figures, the same scope as the lists), one report tile each.
 */

/** The built-in report of every dashboard figure together (reporting/report.config.ts). */
const ALL_FIGURES_REPORT = 'dashboard';

export function dashboardService(db: Db, reporting: ReportingService) {
  const repo = dashboardRepository(db);

  /** The figures among `ids` the caller's scope counts (a model it cannot list counts null). */
  async function countable(auth: AuthContext, ids: readonly string[]): Promise<string[]> {
    const result = await reporting.result(auth, { name: 'Dashboard', what: [...ids] });
    return result.items.filter((row) => row.count !== null).map((row) => String(row._id));
  }

  async function roleDefault(auth: AuthContext): Promise<Dashboard> {
    const figures = await countable(auth, roleDefaultWhat(auth.user));
    return { user: null, role: auth.user.role.key, layout: roleDefaultLayout(figures) };
  }

  /** Every v-query widget names a report the caller may open (its own, shared or built-in). */
  async function reportErrors(auth: AuthContext, layout: readonly LayoutItem[]): Promise<ApiFieldError[]> {
    const opened = new Map<string, Promise<boolean>>();
    const mayOpen = (id: string) => {
      if (!opened.has(id))
        opened.set(
          id,
          reporting.get(auth, id).then(
            () => true,
            (err: unknown) => {
              if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 403)) return false;
              throw err;
            },
          ),
        );
      return opened.get(id)!;
    };
    const errors: ApiFieldError[] = [];
    for (const [index, item] of layout.entries()) {
      const id = item.widget.component === 'v-query' ? item.widget.componentId?.trim() : undefined;
      if (id && !(await mayOpen(id)))
        errors.push({ field: `layout.${index}.widget.componentId`, message: DASHBOARD_TEXTS.reportUnknown });
    }
    return errors;
  }

  const roleLabel = (key: string) => (Object.hasOwn(ROLE_NAMES, key) ? ROLE_NAMES[key as RoleKey] : key);

  return {
    /** The caller's dashboard, or the default of its role (user null: nothing stored, no Reset). */
    async get(auth: AuthContext): Promise<Dashboard> {
      const own = await repo.find(auth.domainId, auth.user._id);
      if (own) return { user: auth.user._id, role: auth.user.role.key, layout: own };
      return roleDefault(auth);
    },

    /** Stores the layout when every item passes; otherwise 400 with every failing item, nothing stored. */
    async save(auth: AuthContext, body: DashboardSave, lang: string): Promise<DashboardChanged> {
      const layout = body.layout;
      const errors = [...layoutErrors(layout), ...(await reportErrors(auth, layout))];
      if (errors.length)
        throw fieldErrors(
          errors.map((e) => e.message).join(', '),
          errors.map(({ field, message }) => ({ field, message })),
          'dashboard.invalid',
        );
      await repo.save(auth.domainId, auth.user._id, layout);
      return {
        ok: true,
        message: renderMessage('dashboard.saved', {}, lang),
        dashboard: { user: auth.user._id, role: auth.user.role.key, layout },
      };
    },

    /** Deletes the caller's own dashboard and answers the default of its role. */
    async reset(auth: AuthContext, lang: string): Promise<DashboardChanged> {
      await repo.remove(auth.domainId, auth.user._id);
      const key = auth.user.role.key;
      return {
        ok: true,
        message: renderMessage('dashboard.reset', { role: roleLabel(key) }, lang),
        dashboard: await roleDefault(auth),
      };
    },

    /**
     * What the Add widget drawer offers: the 12 activity kinds (Activity tab), and the reports the
     * caller may open (Reports tab): its own and the shared ones, then the built-in figures its
     * scope counts and the built-in report of all of them.
     */
    async widgets(auth: AuthContext, lang: string): Promise<AvailableWidget[]> {
      const activity: AvailableWidget[] = ACTIVITY_KINDS.map((k) => ({
        _id: String(k.id),
        name: textIn(k.label, lang),
        type: ACTIVITY_WIDGET_TYPE,
        component: 'v-activity',
      }));
      const [saved, figures] = await Promise.all([reporting.list(auth), countable(auth, WHAT_IDS)]);
      const builtins = await Promise.all(
        [...figures, ALL_FIGURES_REPORT].map((id) => reporting.get(auth, id)),
      );
      const reports: AvailableWidget[] = [...saved.items, ...builtins].map((r) => ({
        _id: r._id,
        name: r.name,
        type: r.type,
        component: 'v-query',
      }));
      return [...activity, ...reports];
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
