import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MESSAGES, type UiFlags } from '@p2p/domain';
import { isRoutePolicy, type RoutePolicy } from '@p2p/domain/api';
import Fastify, { type FastifyInstance, type onRequestHookHandler } from 'fastify';
import { activityRoutes } from './activity/activity.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { approvalRoutes } from './approvals/approval.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authHook } from './auth/auth.hook.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { passwordLinkRoutes } from './auth/password-link.routes.ts';
import { noteRoutes } from './communication/note.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { configRoutes } from './config/config.routes.ts';
import { readEnv, type AppEnv } from './config/env.ts';
import type { DatabaseKind, Db } from './db/database.ts';
import { documentRoutes } from './documents/document.routes.ts';
import { favoriteRoutes } from './favorites/favorite.routes.ts';
import { fileRoutes } from './files/file.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { AppError } from './lib/app-error.ts';
import { frameworkErrors, registerErrorHandlers } from './lib/error-handler.ts';
import { lazyChildLoggerFactory } from './lib/lazy-child-logger.ts';
import { loggerOptions } from './lib/logger-options.ts';
import { validatorCompiler } from './lib/validator-compiler.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { notificationRoutes } from './notifications/notification.routes.ts';
import { orderPdfRoutes } from './pdf/order-pdf.routes.ts';
import { photoRoutes } from './profile/photo.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { referenceRoutes } from './reference/reference.routes.ts';
import { reportingRoutes } from './reporting/report.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { receivingRoutes } from './receiving/receiving.routes.ts';
import { evaluationRoutes } from './evaluations/evaluation.routes.ts';
import { erpRoutes } from './erp/erp.routes.ts';
import { unspscRoutes } from './erp/unspsc.routes.ts';
import { createServices, type Services } from './services.ts';
import { mapRoutes } from './map/map.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { registerWebApp } from './web/static-web.ts';

export interface BuildAppOptions {
  db: Db;
  dialect: DatabaseKind;
  /** Overrides of the environment; unset values take their defaults (process.env is not read). */
  env?: Partial<AppEnv>;
  flags?: Partial<UiFlags>;
  /**
   * Makes acknowledged writes durable (the embedded database: db/durability.ts): awaited before the
   * answer to every successful POST, PUT, PATCH or DELETE is sent.
   */
  flush?: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (packages/domain/src/api/policy.ts); every /api route declares one. */
    policy?: RoutePolicy;
    /**
     * a POST that stores nothing (a dry run, a signed token, a read with a body): its answer does
     * not wait for the embedded database's flush to disk, which walks the whole data directory
     */
    storesNothing?: boolean;
  }
}

/** An /api route as registered, with its declared policy (the authorization matrix test reads them). */
export interface RouteEntry {
  method: string;
  url: string;
  policy: RoutePolicy;
}

export type App = FastifyInstance & { services: Services; routeTable: ReadonlyArray<RouteEntry> };

const DOCS_PREFIX = '/api/docs';

/**
 * The whole HTTP application as one Fastify instance. Plugins load in a fixed order: error
 * handling, OpenAPI, rate limiting, the auth choke point, the API routes, then the web app.
 * The caller owns the database connection (and closes it after the app).
 */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const env: AppEnv = { ...readEnv({}), ...opts.env };
  const logger = loggerOptions(env);
  const app = Fastify({
    logger,
    // each request's logger is made when it first writes (lib/lazy-child-logger.ts)
    ...(logger ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
    // X-Forwarded-For only from the proxies named in TRUST_PROXY (a client must not pick its address)
    trustProxy: env.trustProxy.length ? env.trustProxy : false,
    // A 5,000-line order is about 1.7 MiB of JSON.
    bodyLimit: 8 * 1024 * 1024,
    // router refusals (undecodable path, too long parameter) in the error shape too
    frameworkErrors,
  })
    .withTypeProvider<TypeBoxTypeProvider>()
    .setValidatorCompiler(validatorCompiler);

  const services = createServices(opts.db, {
    webDist: env.webDist,
    maintenance: env.maintenance,
    externalLoginUrl: env.externalLoginUrl,
    tokenTtlHours: env.tokenTtlHours,
    fileDir: env.fileDir,
    dialect: opts.dialect,
    databaseUrl: env.databaseUrl,
    ...(env.erp ? { erpOrg: env.erp.org } : {}),
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    appUrl: env.appUrl,
    onMailError: (err) => app.log.error({ err }, 'a password link mail was not sent'),
    ...(env.map ? { map: env.map } : {}),
    ...(opts.flags ? { flags: opts.flags } : {}),
  });
  app.decorate('services', services);
  app.addHook('onClose', () => services.notificationEvents.close());
  app.addHook('onClose', () => services.mail.close());
  app.decorateRequest('auth', null);
  app.decorateRequest('userContext', null);
  registerErrorHandlers(app);
  const flush = opts.flush;
  if (flush)
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        reply.statusCode < 400 &&
        !request.routeOptions.config.storesNothing
      )
        await flush();
      return payload;
    });
  await registerSecurityHeaders(app, { chatWidgetOrigins: env.chatWidgetOrigins });
  // Answers travel compressed when the client accepts it (an opened 2,000-line order is ~680 KiB of
  // JSON): brotli at quality 3, else gzip. The web app's own files are compressed once at build
  // (web/static-web.ts serves the .br/.gz); the event stream hijacks its reply, so nothing buffers
  // it; file downloads keep their bytes as stored.
  // Answers up to 64 KiB (a list page of 30 orders is ~25 KiB) are compressed in one call. Through a
  // zlib stream, as the plugin's default of 8 KiB on two cores sends them, brotli added 2.0 ms and
  // gzip 1.2 ms to that page at a million documents (its SQL takes 2-4 ms); in one call at quality
  // 4, 1.1-1.5 ms; at quality 3, 0.3-1.0 ms. Quality 3 compresses that page in 0.15 ms against 0.45
  // (4,413 bytes against 4,335; gzip -6: 4,436 in 0.27 ms). Larger answers still stream, so the
  // event loop is never held for long.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3 } },
    customTypes: /^(application\/json|text\/csv|text\/html|image\/svg\+xml)/,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'P2P API',
        description: 'Procure-to-pay API. Errors answer {message, key, _status, data.errors}.',
        version: '1',
      },
      // relative: the description is served by the server it describes (every path starts with /api)
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
    // Public routes say so in the description; everything else needs the bearer token.
    transform: ({ schema, route }) => {
      const isPublic = Boolean((route.config as { public?: boolean } | undefined)?.public);
      return { schema: isPublic ? { ...schema, security: [] } : schema, url: route.url } as never;
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });

  await app.register(rateLimit, {
    global: true,
    max: env.rateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: (request) => request.ip,
    // the API only: the web app's files never count (a low limit must not stop the sign-in page)
    allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/health'),
    errorResponseBuilder: () =>
      new AppError('rate_limited', MESSAGES.tooManyRequests, { key: 'error.too-many-requests' }),
  });

  // Deny by default: every /api route gets the auth hook unless it is marked public. Added after
  // the rate limiter so floods of bad tokens are limited before they reach the database.
  // Every /api route also declares its policy: none (or 'public' without config.public) stops the
  // start, so a new route cannot slip in without saying who may call it. A route marked public with
  // another policy authenticates itself (file download links); the authorization matrix test checks
  // that it still answers 401 without a token.
  const requireAuth = authHook(services.auth);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    if (isApi && !route.url.startsWith(DOCS_PREFIX)) {
      const policy = route.config?.policy;
      const where = `${String(route.method)} ${route.url}`;
      if (!isRoutePolicy(policy)) throw new Error(`${where} declares no config.policy (api/policy.ts).`);
      if (policy === 'public' && !route.config?.public)
        throw new Error(`${where}: policy 'public' needs config.public: true.`);
      for (const method of ([] as string[]).concat(route.method))
        routeTable.push({ method, url: route.url, policy });
    }
    const isPublic = Boolean(route.config?.public) || route.url.startsWith(DOCS_PREFIX);
    if (!isApi || isPublic) return;
    const existing = route.onRequest
      ? ([] as onRequestHookHandler[]).concat(route.onRequest as onRequestHookHandler)
      : [];
    route.onRequest = [...existing, requireAuth];
  });

  await app.register(healthRoutes, { prefix: '/api', db: opts.db, kind: opts.dialect });
  await app.register(authRoutes, { prefix: '/api', services });
  await app.register(passwordLinkRoutes, { prefix: '/api', services, rateLimitMax: env.rateLimitMax });
  await app.register(configRoutes, { prefix: '/api', services });
  await app.register(profileRoutes, { prefix: '/api', services });
  await app.register(notificationRoutes, { prefix: '/api', services });
  await app.register(documentRoutes, { prefix: '/api', services });
  await app.register(orderPdfRoutes, { prefix: '/api', services });
  await app.register(searchRoutes, { prefix: '/api', services });
  await app.register(referenceRoutes, { prefix: '/api', services });
  await app.register(favoriteRoutes, { prefix: '/api', services });
  await app.register(approvalRoutes, { prefix: '/api', services });
  await app.register(fileRoutes, { prefix: '/api', services });
  await app.register(activityRoutes, { prefix: '/api', services });
  await app.register(chatRoutes, { prefix: '/api', services });
  await app.register(photoRoutes, { prefix: '/api', services });
  await app.register(noteRoutes, { prefix: '/api', services });
  await app.register(receivingRoutes, { prefix: '/api', services });
  await app.register(evaluationRoutes, { prefix: '/api', services });
  await app.register(erpRoutes, { prefix: '/api', services });
  await app.register(unspscRoutes, { prefix: '/api', db: opts.db });
  await app.register(adminRoutes, { prefix: '/api', db: opts.db });
  await app.register(auditRoutes, { prefix: '/api', services });
  await app.register(reportingRoutes, { prefix: '/api', services });
  await app.register(dashboardRoutes, { prefix: '/api', services });
  await app.register(mapRoutes, { prefix: '/api', services, map: services.map });
  await app.register(calendarRoutes, { prefix: '/api', services });

  await registerWebApp(app, env.webDist);
  await services.config.ensureDefaults();
  await services.documents.ensureModels();
  return app as unknown as App;
}
