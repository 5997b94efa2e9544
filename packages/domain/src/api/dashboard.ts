/**
 * The dashboard of widgets (seed 001 sections 2.8, 3, 4.3 and 7): the caller's dashboard (or the
 * default of its role), saving and resetting it, and the widgets it may add.
 */
import { Type, type Static } from 'typebox';
import { DASHBOARD_LIMITS, DASHBOARD_MAX_COLS, WIDGET_COMPONENTS } from '../dashboard/constants.ts';
import { OrNull, StringEnum } from './schema.ts';

const Cell = (description: string, maximum: number) =>
  Type.Integer({ minimum: 0, maximum, ...(description ? { description } : {}) });
const Size = (description: string, maximum: number) =>
  Type.Integer({ minimum: 1, maximum, ...(description ? { description } : {}) });
const { rows, maxHeight, id, items } = DASHBOARD_LIMITS;

/** A widget's settings: configurable data (report params, activity kind and count, frame url). */
const ParamsSchema = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  maxProperties: 30,
  description:
    'v-query: the report params (filters, tr) and its name; v-activity: kind (0 to 11) and count; ' +
    'v-iframe: url, or source (a known page)',
});

export const WidgetSchema = Type.Object(
  {
    component: StringEnum(WIDGET_COMPONENTS),
    componentId: Type.Optional(
      OrNull(
        Type.String({
          maxLength: 40,
          description: "v-query: the report's id (a stored report or a built-in one such as 'draft-orders')",
        }),
      ),
    ),
    params: Type.Optional(ParamsSchema),
  },
  { additionalProperties: false },
);
export type Widget = Static<typeof WidgetSchema>;

/** A layout item (seed 001 section 3): in the coordinates of the 12-column grid. */
export const LayoutItemSchema = Type.Object(
  {
    i: Type.Integer({ minimum: 0, maximum: id, description: 'the numeric id, unique in the layout' }),
    x: Cell('column', DASHBOARD_MAX_COLS - 1),
    y: Cell('row', rows),
    w: Size('width in columns', DASHBOARD_MAX_COLS),
    h: Size('height in rows', maxHeight),
    static: Type.Optional(Type.Boolean()),
    minW: Type.Optional(Size('', DASHBOARD_MAX_COLS)),
    maxW: Type.Optional(Size('', DASHBOARD_MAX_COLS)),
    minH: Type.Optional(Size('', maxHeight)),
    maxH: Type.Optional(Size('', maxHeight)),
    minX: Type.Optional(Cell('', DASHBOARD_MAX_COLS - 1)),
    maxX: Type.Optional(Cell('', DASHBOARD_MAX_COLS - 1)),
    minY: Type.Optional(Cell('', rows)),
    maxY: Type.Optional(Cell('', rows)),
    preserveAspectRatio: Type.Optional(Type.Boolean()),
    editable: Type.Optional(Type.Boolean({ description: 'the actions menu (Edit, Duplicate, Delete)' })),
    widget: WidgetSchema,
  },
  { additionalProperties: false },
);
export type LayoutItem = Static<typeof LayoutItemSchema>;

export const DashboardLayoutSchema = Type.Array(LayoutItemSchema, { maxItems: items });

/** GET /profile/user/dashboard: the caller's own, or the default of its role (user null). */
export const DashboardSchema = Type.Object({
  user: OrNull(Type.String(), {
    description: "the owner's user id; null: the role default (no Reset, nothing stored yet)",
  }),
  role: Type.String({ description: 'the role whose default it is, or was made from' }),
  layout: DashboardLayoutSchema,
});
export type Dashboard = Static<typeof DashboardSchema>;

/** POST /profile/user/dashboard: the layout to store (an owner sent along is ignored: the caller's). */
export const DashboardSaveSchema = Type.Object({
  user: Type.Optional(OrNull(Type.String({ maxLength: 100 }))),
  role: Type.Optional(Type.String({ maxLength: 100 })),
  layout: DashboardLayoutSchema,
});
export type DashboardSave = Static<typeof DashboardSaveSchema>;

/** The answer of a save or a reset: the server's notice and the dashboard as it now is. */
export const DashboardChangedSchema = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  dashboard: DashboardSchema,
});
export type DashboardChanged = Static<typeof DashboardChangedSchema>;

/** GET /profile/user/widgets: what the Add widget drawer lists (seed 001 section 3). */
export const AvailableWidgetSchema = Type.Object({
  _id: Type.String({ description: 'v-query: the report id; v-activity: the activity kind (0 to 11)' }),
  name: Type.String(),
  type: Type.String({
    description: "'user-activity' (the Activity tab); a report type otherwise (the Reports tab)",
  }),
  component: StringEnum(WIDGET_COMPONENTS),
});
export type AvailableWidget = Static<typeof AvailableWidgetSchema>;
export const AvailableWidgetListSchema = Type.Array(AvailableWidgetSchema);
