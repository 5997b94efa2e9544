import {
  cleanAggregation,
  isAdminLevel,
  parsePipeline,
  parseSourceId,
  pipelineText,
  reportChecks,
  reportSource,
  TIME_RANGE_IDS,
  timeRangeBounds,
  WHAT_IDS,
  type ReportList,
  type ReportQuery,
  type ReportQueryRequest,
  type ReportResult,
  type ReportSaved,
} from '@p2p/domain';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.ts';
import type { DatabaseKind, Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { filterExpressions, needsJoins } from '../documents/document.fields.ts';
import { fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import { builtinQuery, reportingConfig, timeRanges } from './report.config.ts';
import { drillBase } from './report.drill.ts';
import { modelFields } from './report.fields.ts';
import { compilePipeline } from './report.pipeline.ts';
import { isStoredId, reportRepository, type ReportRow } from './report.repository.ts';
import { runReport, type RunOptions } from './report.run.ts';
import { reportInvalid, type CompiledReport, type ReportContext } from './report.source.ts';
import { aggregateSql } from './report.sql.ts';
import { compileUserQuery } from './report.user-query.ts';
import { whatFigures } from './report.what.ts';

/**
 * Reports: the builder's configuration, stored report queries (the caller's own, and the
 * tenant's shared system queries, which administrators save), and results. A result is compiled
 * from the report to one parameterised statement over the documents (and lines) in the caller's
 * list scope (tenant, role, supplier, working context) through the documents access door, run with
 * a time limit, and answered with a drill-down filter per figure.
 */

const NEW_IDS = new Set(['create', 'duplicate']);

export function reportingService(
  db: Db,
  access: DocumentAccess,
  opts: { kind: DatabaseKind; timeoutMs?: number },
) {
  const repo = reportRepository(db);

  /** The data source in the caller's scope, its fields, filters and time range. */
  async function context(auth: AuthContext, report: ReportQueryRequest, now: Date): Promise<ReportContext> {
    const source = reportSource(report.model)!;
    const { model: name, lines } = parseSourceId(source);
    const [loaded] = await access.viewableModels(auth, name);
    const { model, scope } = loaded!;
    const fields = modelFields(model, auth.user);
    if (lines && !fields.lines.length) throw notFound(`Unknown data source '${source}'.`);
    const filters = { ...(report.params?.filters ?? {}) };
    const conditions = filterExpressions(model, filters);
    const tr = report.params?.tr ?? report.tr?._id ?? null;
    if (tr && !TIME_RANGE_IDS.includes(tr))
      throw reportInvalid([{ field: 'tr', message: `Unknown time range '${tr}'.` }]);
    const range = timeRangeBounds(tr, now);
    if (range)
      conditions.push(
        sql<boolean>`d.created_at >= ${range.from.toISOString()}::timestamptz`,
        sql<boolean>`d.created_at < ${range.to.toISOString()}::timestamptz`,
      );
    return {
      source,
      model,
      scope,
      lines,
      hasLines: fields.lines.length > 0,
      fields,
      where: [scope.listWhere, sql<boolean>`d.deleted = false`, ...conditions],
      joins: needsJoins(Object.keys(filters)),
      drill: drillBase(filters, range, lines),
      lang: auth.user.lang,
    };
  }

  /** The checks of seed 001 section 5 that stop a save or a preview, in their order. */
  function check(report: ReportQueryRequest): void {
    const failed = reportChecks(report).filter((c) => c.blocking);
    if (failed.length)
      throw fieldErrors(
        failed.map((c) => c.message).join(', '),
        failed.map(({ field, message }) => ({ field, message })),
        'reporting.invalid',
      );
  }

  async function compile(auth: AuthContext, report: ReportQueryRequest, now: Date): Promise<CompiledReport> {
    const ctx = await context(auth, report, now);
    if (report.type !== 'system-query') return compileUserQuery(ctx, cleanAggregation(report.aggregation));
    const parsed = parsePipeline(report.aggregation?.pipeline ?? '');
    if (!parsed.ok) throw reportInvalid(parsed.errors);
    return compilePipeline(ctx, parsed.stages);
  }

  const editable = (row: ReportRow, auth: AuthContext): boolean =>
    isAdminLevel(auth.user) || (row.owner_id === auth.user._id && row.editable);

  function answer(row: ReportRow, auth: AuthContext): ReportQuery {
    const body = row.body as Partial<ReportQuery>;
    const source = row.source ? parseSourceId(row.source) : null;
    return {
      _id: row.id,
      name: row.name,
      type: row.type,
      model:
        source && row.source
          ? { _id: row.source, ...source, collection: source.lines ? 'document_lines' : 'documents' }
          : null,
      aggregation: (body.aggregation as Record<string, unknown>) ?? {},
      visualization: (body.visualization as Record<string, unknown>) ?? {},
      tr: body.tr ?? null,
      params: (body.params as Record<string, unknown>) ?? {},
      what: body.what ?? [],
      _editable: { ok: editable(row, auth) },
      owner: row.owner_id,
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  return {
    async config(auth: AuthContext) {
      return reportingConfig(auth, await access.viewableModels(auth));
    },

    timePeriods: (auth: AuthContext) => timeRanges(auth.user.lang),

    async get(auth: AuthContext, id: string): Promise<ReportQuery> {
      const builtin = builtinQuery(id, auth.user.lang);
      if (builtin) return builtin;
      const row = isStoredId(id) ? await repo.find(auth.domainId, auth.user._id, id) : undefined;
      if (!row) throw notFound('Report not found.');
      return answer(row, auth);
    },

    /** The caller's reports and the shared ones, newest first (the dashboard's report widgets). */
    async list(auth: AuthContext): Promise<ReportList> {
      const rows = await repo.list(auth.domainId, auth.user._id);
      return {
        items: rows.map((r) => ({
          _id: r.id,
          name: r.name,
          type: r.type,
          model: r.source,
          visualization:
            ((r.body.visualization as { type?: { _id?: string } } | undefined)?.type?._id ?? null) || null,
          _editable: { ok: editable(r, auth) },
        })),
      };
    },

    async save(auth: AuthContext, report: ReportQueryRequest): Promise<ReportSaved> {
      check(report);
      const type = report.type ?? 'user-query';
      if (type === 'system-query' && !isAdminLevel(auth.user))
        throw forbidden('Only administrators save system queries.', 'reporting.system-query');
      const what = (report.what ?? []).filter((w) => WHAT_IDS.includes(w));
      // a report is stored only when it compiles for its author
      if (!what.length) await compile(auth, { ...report, type }, new Date());
      const id = report._id?.trim() ?? '';
      let existing: ReportRow | undefined;
      if (id && !NEW_IDS.has(id)) {
        if (builtinQuery(id, 'en')) throw forbidden('This report is read-only.', 'reporting.read-only');
        existing = isStoredId(id) ? await repo.find(auth.domainId, auth.user._id, id) : undefined;
        if (!existing) throw notFound('Report not found.');
        if (!editable(existing, auth)) throw forbidden('This report is read-only.', 'reporting.read-only');
      }
      const source = what.length ? null : reportSource(report.model);
      const aggregation =
        type === 'system-query'
          ? { pipeline: pipelineText(report.aggregation?.pipeline) }
          : cleanAggregation(report.aggregation);
      const write = {
        type,
        name: report.name!.trim(),
        source,
        body: {
          aggregation,
          visualization: report.visualization ?? {},
          tr: report.tr ?? null,
          params: report.params ?? {},
          what,
        },
      };
      const owner = type === 'system-query' ? null : (existing?.owner_id ?? auth.user._id);
      const saved = existing
        ? (await repo.update(auth.domainId, existing.id, auth.user._id, owner, write), existing.id)
        : await repo.insert(auth.domainId, owner, auth.user._id, write);
      return { message: auth.user.lang === 'pt' ? 'Relatório guardado' : 'Report saved', id: saved };
    },

    async result(auth: AuthContext, report: ReportQueryRequest, signal?: AbortSignal): Promise<ReportResult> {
      check(report);
      const run: RunOptions = {
        kind: opts.kind,
        ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
        ...(signal ? { signal } : {}),
      };
      if (report.what?.length) return whatFigures(db, access, auth, report.what, run);
      const compiled = await compile(auth, report, new Date());
      const statement = aggregateSql(compiled.query);
      const rows = compiled.countGroups
        ? await runReport(
            db,
            sql<Record<string, unknown>>`select count(*)::text as n from (${statement}) c`,
            run,
          )
        : await runReport(db, statement, run);
      return compiled.shape(rows);
    },
  };
}

export type ReportingService = ReturnType<typeof reportingService>;
