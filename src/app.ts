/** Builds the HTTP application from its dependencies. Never listens: main.ts and tests decide that. */
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { activityRoutes } from './activity/activity.routes.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { installAudit } from './audit/audit-hook.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { BLOCK_COMPONENTS } from './authoring/document-schema.ts';
import { billingRoutes, stripeWebhookRoutes } from './billing/billing.routes.ts';
import { snsRoutes } from './bounces/sns.routes.ts';
import { campaignRoutes } from './campaigns/campaigns.routes.ts';
import { auditViews } from './composition.ts';
import { contactRoutes } from './contacts/contacts.routes.ts';
import type { Deps } from './deps.ts';
import { domainRoutes } from './domains/domains.routes.ts';
import { emailRoutes } from './emails/emails.routes.ts';
import { eventRoutes, trackRoutes } from './events/events.routes.ts';
import { resolveComponents } from './http/components.ts';
import { installDashboard } from './http/dashboard.ts';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './http/errors.ts';
import { installInputGuards, shapeLimits } from './http/input-guard.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { genRequestId } from './http/request-id.ts';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { validatorCompiler } from './http/validation.ts';
import { capturedMailRoutes } from './mail/captured/captured.routes.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { installMetrics } from './ops/metrics.ts';
import { opsRoutes } from './ops/ops.routes.ts';
import { privacyRoutes } from './privacy/privacy.routes.ts';
import { teamRoutes } from './projects/members/members.routes.ts';
import { projectRoutes } from './projects/projects.routes.ts';
import { safetyRoutes } from './projects/safety/safety.routes.ts';
import { publicPageRoutes } from './public-pages/public-pages.routes.ts';
import { FILTER_COMPONENTS } from './segments/filters/schemas.ts';
import { segmentRoutes } from './segments/segments.routes.ts';
import { sendRoutes } from './sending/send.routes.ts';
import { signupRoutes } from './signup/signup.routes.ts';
import { submissionRoutes } from './submission/submission.routes.ts';
import { suppressionRoutes } from './suppressions/suppressions.routes.ts';
import { templateRoutes } from './templates/templates.routes.ts';
import { topicRoutes } from './topics/topics.routes.ts';
import { trackingRoutes } from './tracking/tracking.routes.ts';
import { transportRoutes } from './transports/transports.routes.ts';
import { uploadRoutes } from './uploads/uploads.routes.ts';
import { verifyRoutes } from './verify/verify.routes.ts';
import { webVersionRoutes } from './web-version/web-version.routes.ts';
import { webhookRoutes } from './webhooks/webhooks.routes.ts';
import { workflowRoutes } from './workflows/workflows.routes.ts';

export interface AppOptions {
  /** Extra route plugins registered after the product's own (benchmarks use this for a probe route). */
  plugins?: Array<(app: FastifyInstance, deps: Deps) => Promise<void>>;
}

/** One log line per request, written when the response is done, instead of Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Default JSON body cap; routes that take more (sending with attachments, uploads) raise their own. */
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    genReqId: genRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    // Params longer than the router allows get a 414; above the schemas' own maxLength (≤ 300), so a
    // long value meets the route's validation (422 naming it) first.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: frameworkErrorHandler(securityHeaders(deps.config.baseUrl)),
    clientErrorHandler: clientErrorHandler(securityHeaders(deps.config.baseUrl)),
    logController: new OneLinePerRequest(),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  installInputGuards(app, shapeLimits(deps.config));
  installSecurityHeaders(app, deps.config.baseUrl);
  installMetrics(app);
  await installDashboard(app, deps.config);

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Mailwright API', version: '1.0.0', description: 'Self-hostable email platform.' },
      servers: [{ url: deps.config.baseUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'Secret key sk_… (or public key pk_… on /v1/track and /v1/subscribe)',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
        },
        schemas: { ...FILTER_COMPONENTS, ...BLOCK_COMPONENTS },
      },
    },
    // Filters and block documents are read by their parsers (segments/filters/parse.ts,
    // authoring/document-parse.ts); the document shows their exact shape.
    transform: ({ schema, url }) => ({ schema: resolveComponents(schema), url }),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  registerRateLimit(app, deps.config);
  // Before the routes: each route is checked against the audit list as it is registered.
  installAudit(app, deps, auditViews(deps));

  await app.register(opsRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(projectRoutes, { deps });
  await app.register(teamRoutes, { deps });
  await app.register(safetyRoutes, { deps });
  await app.register(domainRoutes, { deps });
  await app.register(contactRoutes, { deps });
  await app.register(privacyRoutes, { deps });
  await app.register(templateRoutes, { deps });
  await app.register(campaignRoutes, { deps });
  await app.register(segmentRoutes, { deps });
  await app.register(topicRoutes, { deps });
  await app.register(workflowRoutes, { deps });
  await app.register(verifyRoutes, { deps });
  await app.register(webhookRoutes, { deps });
  await app.register(transportRoutes, { deps });
  await app.register(sendRoutes, { deps });
  await app.register(submissionRoutes, { deps });
  await app.register(trackRoutes, { deps });
  await app.register(eventRoutes, { deps });
  await app.register(capturedMailRoutes, { deps });
  await app.register(emailRoutes, { deps });
  await app.register(suppressionRoutes, { deps });
  await app.register(snsRoutes, { deps });
  await app.register(billingRoutes, { deps });
  await app.register(stripeWebhookRoutes, { deps });
  await app.register(publicPageRoutes, { deps });
  await app.register(signupRoutes, { deps });
  await app.register(trackingRoutes, { deps });
  await app.register(webVersionRoutes, { deps });
  await app.register(activityRoutes, { deps });
  await app.register(analyticsRoutes, { deps });
  await app.register(uploadRoutes, { deps });
  await app.register(auditRoutes, { deps });
  await app.register(mcpRoutes, { deps });
  for (const plugin of options.plugins ?? []) await app.register(async (scope) => plugin(scope, deps));

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
