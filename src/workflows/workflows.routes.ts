/** /workflows: the workflow, its graph and its executions. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { created, idFirst, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import {
  cancelAllExecutions,
  cancelExecution,
  getExecution,
  listExecutions,
  startExecution,
} from './executions.service.ts';
import { workflowFields } from './fields.service.ts';
import { addStep, addTransition, deleteStep, deleteTransition, updateStep } from './graph-edit.service.ts';
import {
  AddStepBody,
  AddTransitionBody,
  CancelAllResult,
  CreateWorkflowBody,
  DeleteStepQuery,
  ExecutionPage,
  ExecutionParams,
  ExecutionView,
  ListExecutionsQuery,
  StartExecutionBody,
  StepParams,
  StepView,
  TransitionParams,
  TransitionView,
  UpdateStepBody,
  UpdateWorkflowBody,
  WorkflowFields,
  WorkflowList,
  WorkflowView,
} from './workflows.schemas.ts';
import {
  createWorkflow,
  deleteWorkflow,
  getWorkflow,
  getWorkflowRow,
  listWorkflows,
  updateWorkflow,
} from './workflows.service.ts';

/** Registers every /workflows route behind the project auth hook (secret key or session). */
export const workflowRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('workflows');
  const pid = (req: FastifyRequest) => req.auth!.projectId;
  const preValidation = idFirst((projectId, id) => getWorkflowRow(deps.reader, projectId, id));
  const params = IdParams;

  app.get('/workflows', schema({ response: { 200: WorkflowList } }), async (req) => listWorkflows(deps, pid(req)));
  app.get('/workflows/fields', schema({ response: { 200: WorkflowFields } }), async (req) =>
    workflowFields(deps, pid(req)),
  );
  app.post(
    '/workflows',
    schema({ body: CreateWorkflowBody, response: { 201: WorkflowView } }),
    created((req) => createWorkflow(deps, pid(req), req.body)),
  );
  app.get('/workflows/:id', schema({ params, response: { 200: WorkflowView } }), async (req) =>
    getWorkflow(deps, pid(req), req.params.id),
  );
  app.patch(
    '/workflows/:id',
    schema({ params, body: UpdateWorkflowBody, response: { 200: WorkflowView } }, { preValidation }),
    async (req) => updateWorkflow(deps, pid(req), req.params.id, req.body),
  );
  app.delete(
    '/workflows/:id',
    schema({ params }),
    noContent((req) => deleteWorkflow(deps, pid(req), req.params.id)),
  );

  app.post(
    '/workflows/:id/steps',
    schema({ params, body: AddStepBody, response: { 201: StepView } }, { preValidation }),
    created((req) => addStep(deps, pid(req), req.params.id, req.body)),
  );
  app.patch(
    '/workflows/:id/steps/:stepId',
    schema({ params: StepParams, body: UpdateStepBody, response: { 200: StepView } }, { preValidation }),
    async (req) => updateStep(deps, pid(req), req.params.id, req.params.stepId, req.body),
  );
  app.delete(
    '/workflows/:id/steps/:stepId',
    schema({ params: StepParams, querystring: DeleteStepQuery }, { preValidation }),
    noContent((req) => deleteStep(deps, pid(req), req.params.id, req.params.stepId, req.query.splice === true)),
  );
  app.post(
    '/workflows/:id/transitions',
    schema({ params, body: AddTransitionBody, response: { 201: TransitionView } }, { preValidation }),
    created((req) => addTransition(deps, pid(req), req.params.id, req.body)),
  );
  app.delete(
    '/workflows/:id/transitions/:transitionId',
    schema({ params: TransitionParams }),
    noContent((req) => deleteTransition(deps, pid(req), req.params.id, req.params.transitionId)),
  );

  app.post(
    '/workflows/:id/executions',
    schema({ params, body: StartExecutionBody, response: { 201: ExecutionView } }, { preValidation }),
    created((req) => startExecution(deps, pid(req), req.params.id, req.body)),
  );
  app.get(
    '/workflows/:id/executions',
    schema({ params, querystring: ListExecutionsQuery, response: { 200: ExecutionPage } }, { preValidation }),
    async (req) => listExecutions(deps, pid(req), req.params.id, req.query),
  );
  app.post(
    '/workflows/:id/executions/cancel-all',
    schema({ params, response: { 200: CancelAllResult } }),
    async (req) => cancelAllExecutions(deps, pid(req), req.params.id),
  );
  app.get(
    '/workflows/:id/executions/:executionId',
    schema({ params: ExecutionParams, response: { 200: ExecutionView } }),
    async (req) => getExecution(deps, pid(req), req.params.id, req.params.executionId),
  );
  app.delete(
    '/workflows/:id/executions/:executionId',
    schema({ params: ExecutionParams, response: { 200: ExecutionView } }),
    async (req) => cancelExecution(deps, pid(req), req.params.id, req.params.executionId),
  );
};
